/**
 * The address the service reads from a letter sent without one (facts, Part A "Print rules"): the
 * text inside the recipient box of page 1, line by line, as the envelope's window shows it. The
 * same reading serves a PDF (its text where pdf.js says it stands, pdf-text.ts) and a document the
 * printer lays out (its lines where the printer put them), so that the proof, the preflight and the
 * sandbox's -1045 agree.
 */
import { RECIPIENT_RULES, readAddressParts, type RecipientAddress } from '../contract';
import { RECIPIENT_WINDOW, type Box } from './envelope';

/** A run of text on a page, in points from the page's top-left corner as it is shown. */
export interface PlacedText {
  readonly text: string;
  /** Where the run starts, and its baseline. */
  readonly x: number;
  readonly baseline: number;
  /** The type's size, and the run's width. */
  readonly size: number;
  readonly width: number;
}

export interface ReadLine {
  readonly text: string;
  /** The largest type on the line, in points. */
  readonly size: number;
}

/** How high a letter stands above its baseline, for its middle, as a share of the type's size (an x-height and a little). */
const MIDDLE = 0.35;

/** The part of a run inside the box's left and right edges, each character by where its middle falls. */
function across(run: PlacedText, box: Box): { text: string; x: number; end: number } | undefined {
  const characters = [...run.text];
  const step = characters.length > 0 ? run.width / characters.length : 0;
  let text = '';
  let x: number | undefined;
  let end = run.x;
  characters.forEach((character, i) => {
    const middle = run.x + step * (i + 0.5);
    if (middle < box.left || middle > box.left + box.width) return;
    x ??= run.x + step * i;
    text += character;
    end = run.x + step * (i + 1);
  });
  return x === undefined ? undefined : { text, x, end };
}

/** The text inside the box, top line first, each line's runs left to right; empty lines left out. */
export function readBox(runs: readonly PlacedText[], box: Box = RECIPIENT_WINDOW): ReadLine[] {
  const inside = runs
    .filter((run) => run.text.trim() !== '' && run.size > 0)
    .filter((run) => {
      const middle = run.baseline - run.size * MIDDLE;
      return middle >= box.top && middle <= box.top + box.height;
    })
    .flatMap((run) => {
      const part = across(run, box);
      return part ? [{ ...part, baseline: run.baseline, size: run.size }] : [];
    })
    .sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: { baseline: number; size: number; parts: typeof inside }[] = [];
  for (const part of inside) {
    const line = lines.at(-1);
    if (line && Math.abs(part.baseline - line.baseline) <= Math.min(part.size, line.size) * 0.5) {
      line.parts.push(part);
      line.size = Math.max(line.size, part.size);
    } else {
      lines.push({ baseline: part.baseline, size: part.size, parts: [part] });
    }
  }
  return lines
    .map((line) => {
      const parts = line.parts.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      for (const part of parts) {
        // Runs apart by more than a narrow space read as two words.
        const gap = part.x - end > line.size * 0.15 && !text.endsWith(' ') && !part.text.startsWith(' ');
        text += (text && gap ? ' ' : '') + part.text;
        end = part.end;
      }
      return { text: text.replace(/\s+/g, ' ').trim(), size: Math.round(line.size * 10) / 10 };
    })
    .filter((line) => line.text !== '');
}

/** The shape an address read from the window must have, in words, for what the preflight says of one that has not. */
export const WINDOW_ADDRESS_FORM =
  'a name line, a street line, and a last line of city, state and ZIP code ("Springfield, IL 62701"), or of the city and a country after it';

/** What the lines in the window read as, and why they are not an address (none: they are). */
export interface WindowAddress {
  readonly address: RecipientAddress;
  readonly notAnAddress: readonly string[];
}

/**
 * The lines read from the recipient box, read as an address as the service would take it: a name
 * line, a street line, and a last line of city, state and ZIP code for the US, or a city line and
 * a country for another country, as a one-line address is read (contract/address-line.ts). Text
 * that is not of that shape (a date, a table's heading and rows) is no address the service can
 * extract: the mailer fails at -1045, in the sandbox (letter.ts) and the preflight alike. A
 * window's line is one part even with a comma in it ("Acme, Inc."), but the city's line, and
 * the one before a country, are read at their commas ("Springfield, IL 62701").
 */
export function windowAddress(lines: readonly string[]): WindowAddress {
  if (lines.length === 0) return { address: {}, notAnAddress: ['The box holds no text.'] };
  const country = lines.length > 1 && !/\d/.test(lines.at(-1)!) && readAddressParts(lines.slice(-2)).address.Country !== undefined;
  const apart = country ? 2 : 1;
  const parts = [...lines.slice(0, -apart), ...lines.slice(-apart).flatMap((line) => line.split(','))];
  const read = readAddressParts(parts);
  // The fields the service needs (a street, a city, a name or a company); a ZIP code's form is the address check's (-1018).
  const missing = read.findings.filter((f) => RECIPIENT_RULES.some((rule) => rule.atSend && rule.code === f.code)).map((f) => f.message);
  const short = lines.length < 3 ? [`It is ${lines.length === 1 ? 'one line' : 'two lines'}; an address is at least three.`] : [];
  return { address: read.address, notAnAddress: [...short, ...read.unread, ...(short.length > 0 ? [] : missing)] };
}
