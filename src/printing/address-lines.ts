/**
 * A mailer's address as the printer draws it: its lines, in a window of the envelope or where a
 * postcard puts it, and the reason it would fail (-1018) if it cannot be mailed to.
 */
import type { PDFPage } from 'pdf-lib';
import { checkMailableAddress } from '../contract';
import { oneLine } from './address-fields';
import { addressCheckFailure } from './address/verify';
import type { Box } from './envelope';
import type { PrintFonts } from './fonts';
import type { PostalAddress, WorkModeUsed } from './print-jobs';

export function addressLines(address: PostalAddress): string[] {
  const cityLine = [oneLine(address.City), [oneLine(address.State), oneLine(address.PostalCode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    address.AttentionLine1,
    address.AttentionLine2,
    address.AttentionLine3,
    address.Company,
    address.Address1,
    address.Address2,
    cityLine,
    address.Country,
  ]
    .map((line) => oneLine(line))
    .filter((line): line is string => Boolean(line));
}

/**
 * -1018 for a US address whose ZIP code is not one (the contract's rule, which input checks share),
 * or, in Production, one the service's address check fails (address/verify.ts, as the preflight says).
 */
export function addressFailure(address: PostalAddress, workMode: WorkModeUsed): number | undefined {
  return checkMailableAddress(address) ?? addressCheckFailure(address, workMode);
}

/**
 * Address lines inside a window: 11 pt, closer together when many lines must fit, and a line too
 * long for the window's width smaller still, so that all of it shows through the window.
 */
export function drawInWindow(page: PDFPage, lines: readonly string[], window: Box, fonts: PrintFonts, size = 11): void {
  const pad = 2;
  const leading = Math.min(size * 1.2, (window.height - 2 * pad) / Math.max(lines.length, 1));
  const fitted = Math.min(size, leading / 1.05);
  const top = page.getHeight() - window.top - pad;
  lines.forEach((line, i) => {
    const { text } = fonts.prepare(line);
    const width = fonts.widthOf(text, fitted);
    const shown = Math.min(fitted, (fitted * (window.width - 2 * pad)) / Math.max(width, 1));
    fonts.draw(page, text, { x: window.left + pad, y: top - fitted - i * leading, size: shown });
  });
}

export function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, size: number, fonts: PrintFonts): void {
  lines.forEach((line, i) => fonts.draw(page, fonts.prepare(line).text, { x, y: top - size - i * size * 1.25, size }));
}
