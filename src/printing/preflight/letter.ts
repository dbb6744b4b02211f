/**
 * The preflight of a letter: printed here as the service would print it, with its pages, sheets,
 * price and everything the service would refuse it for or fail it with, before anything is sent;
 * the address the service would read from the page when none is given; and what would print less
 * well than it shows (fonts not embedded, images under 300 DPI, characters no printing font
 * draws, a printed PDF over the documented 2 MB).
 */
import { RECIPIENT_FIELDS, STATUS, missingFieldCodes } from '../../contract';
import { ADDRESS_TYPE_POINTS, RECIPIENT_WINDOW, sizeWords, type Box } from '../envelope';
import { NOT_DRAWN, characterWords, notDrawable } from '../fonts';
import { MAX_LETTER_SHEETS, printLetters } from '../letter';
import type { OffSizePage, PostalAddress, Printed, WorkModeUsed } from '../print-jobs';
import { DEFAULT_PRICING, mailerPrice, type Pricing } from '../pricing';
import { drawContents } from '../drawn';
import type { DrawnBy } from '../engines';
import { inkFindings, type CutMark } from './ink-findings';
import { WINDOW_ADDRESS_FORM, windowAddress } from '../address-read';
import { addressFindings, finding, hasErrors, lowResolutionFinding, pageWords, printNotice, zipFinding, type Finding } from './findings';

/** How the account prints letters; a new account's settings when not said (black, one side). */
export interface PrintSettings {
  readonly workMode: WorkModeUsed;
  readonly duplex?: boolean;
  readonly colour?: boolean;
  readonly pricing?: Pricing;
}

/** What the proof draws over its pages, in points from a page's top-left corner as shown. */
export interface ProofMarks {
  /** The recipient box of page 1: where the envelope shows the address, and where the service reads one left out. */
  readonly recipientBox: Box;
  /** The pages that are not US Letter (-1021), with their sizes in words. */
  readonly offSize: readonly { readonly page: number; readonly size: string }[];
  /** Ink the printer would cut or hide, or the envelope's windows show (ink-findings.ts), with why: red boxes. */
  readonly cut?: readonly CutMark[];
}

export interface PreflightReport {
  /** Nothing would be refused or fail. */
  readonly ok: boolean;
  readonly pages: number;
  readonly sheets: number;
  /** The sandbox's price list's price, in dollars: an estimate of the real service's. */
  readonly price: number;
  readonly findings: readonly Finding[];
  /** Sent without an address: the lines the service would read from the recipient box of page 1 (none: -1045). */
  readonly addressRead?: readonly string[];
  /** What the proof draws over its pages. */
  readonly marks?: ProofMarks;
  /** The proof: the printed PDF, as the service would print it; none when nothing could be printed. */
  readonly pdf?: Uint8Array;
  /** Which engine drew the document (engines/index.ts); none for a PDF, printed as it is. */
  readonly drawnBy?: DrawnBy;
  /**
   * Sent as it is (`asIs`), a document the service converts itself: the proof is the engine's
   * page, a prediction of what the service's own converter prints.
   */
  readonly prediction?: true;
  /**
   * What a send of this letter sends: by default the PDF its engine drew, which the service prints
   * as it is, so that what the proof shows is what is printed; the file itself when it is a PDF,
   * when sent as it is, or when no engine drew it.
   */
  readonly sent: { readonly type: string; readonly data: Uint8Array };
}

/** A letter to preflight: its file, its recipient when given, and where the file is (its relative pictures are read beside it). */
export interface LetterToCheck {
  readonly type: string;
  readonly data: Uint8Array;
  readonly address?: PostalAddress;
  /** The folder the file is in: its relative pictures and style sheets are read from there, and nowhere else. */
  readonly base?: string;
  readonly title?: string;
}

export interface LetterPreflightOptions {
  /** Send the file itself to the service's own converter, not the PDF its engine drew. */
  readonly asIs?: boolean;
  /** Look at the pages' pixels for what the printer would cut or hide (ink-findings.ts): yes unless `false`, which a caller wanting only the price or the pages gives. */
  readonly ink?: boolean;
}

/**
 * The printed PDF of a letter, as the service's documentation limits it (facts, Part A: "2 MB",
 * taken as the smaller reading, 2,000,000 bytes). Over it is an error before sending, naming the
 * limit: a PDF the documentation says is too large is not sent to find out (a 30 MB one had the
 * connection cut). The facts name no limit of a request's body; the sandbox's own (its
 * `--max-body-mb`) is far above this one.
 */
export const MAX_PRINTED_BYTES = 2_000_000;

/** A printed PDF of `bytes` over MAX_PRINTED_BYTES, as an error naming the limit; `what` it is ("printed PDF"). */
export function printedSizeFinding(bytes: number, what = 'printed PDF'): Finding | undefined {
  if (bytes <= MAX_PRINTED_BYTES) return undefined;
  return finding(
    STATUS.DocumentNotProcessed,
    'error',
    `The ${what} is ${bytes.toLocaleString('en-US')} bytes, over the service's limit: its documentation limits a letter's printed PDF ` +
      `to 2 MB (${MAX_PRINTED_BYTES.toLocaleString('en-US')} bytes). Pictures saved as JPEG, with no more pixels than 300 to the inch ` +
      'they print at, or fewer pages, make it smaller.',
    { limit: MAX_PRINTED_BYTES },
  );
}

const INCH = 72;
const inches = (points: number) => String(Number((points / INCH).toFixed(3)));
const BOX_WORDS = `the recipient box of page 1 (${inches(RECIPIENT_WINDOW.left)} in from the left, ${inches(RECIPIENT_WINDOW.top)} in from the top, ${inches(RECIPIENT_WINDOW.width)} × ${inches(RECIPIENT_WINDOW.height)} in)`;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Pages of the letter, and of its document when they differ (an address page comes first): "pages 2–40 and 43". */
function pagesInBoth(pages: readonly OffSizePage[]): string {
  const proof = pageWords(pages.map((p) => p.page));
  const own = pageWords(pages.map((p) => p.documentPage));
  return proof === own ? own : `${own} of the document (the proof's ${proof})`;
}

/**
 * The pages not US Letter, one phrase a size, in the order the sizes first come: a PDF of 40 A4
 * pages says "pages 2–40 are A4", not forty times.
 */
function offSizeWords(offSize: readonly OffSizePage[]): string {
  const bySize = new Map<string, OffSizePage[]>();
  for (const page of offSize) {
    const size = sizeWords(page.width, page.height);
    bySize.set(size, [...(bySize.get(size) ?? []), page]);
  }
  return [...bySize].map(([size, pages]) => `${pagesInBoth(pages)} ${pages.length === 1 ? 'is' : 'are'} ${size}`).join('; ');
}

/** What the printer found that the service fails a letter with, in words; -1018 is the address rules' own finding. */
export function printFindings(printed: Printed, where: Pick<Finding, 'row' | 'line'> = {}): Finding[] {
  const offSize = printed.offSize ?? [];
  const words: Readonly<Record<number, () => Finding | Finding[]>> = {
    [STATUS.DocumentNotProcessed]: () =>
      finding(
        STATUS.DocumentNotProcessed,
        'error',
        `${printed.unreadable ?? 'The document cannot be read as its type says (a damaged or mislabelled file).'} The proof shows what could be printed.`,
        where,
      ),
    [STATUS.InvalidPageSize]: () =>
      finding(
        STATUS.InvalidPageSize,
        'error',
        `${capital(offSizeWords(offSize))}. ` +
          'The service prints on US Letter, 8.5 × 11 in (either way up, within 1/16 in); the proof outlines the pages that are not.',
        { ...where, pages: offSize.map((p) => p.page) },
      ),
    [STATUS.AddressNotExtracted]: () =>
      // A field holding a line break is the address rules' own finding (findings.ts addressFindings);
      // text in the box that is no address, addressReadFindings'.
      printed.lineBreaks || (Array.isArray(printed.read) && printed.read.length > 0)
        ? []
        : finding(
            STATUS.AddressNotExtracted,
            'error',
            `No address is given, and ${BOX_WORDS} holds no text: the service finds no address to read.`,
            {
              ...where,
              pages: [1],
            },
          ),
    [STATUS.TooManySheets]: () =>
      finding(STATUS.TooManySheets, 'error', `It prints on ${printed.sheets} sheets; a No. 10 envelope holds ${MAX_LETTER_SHEETS}.`, where),
  };
  return printed.failures.flatMap((code) => words[code]?.() ?? []);
}

/**
 * A letter sent without an address whose page 1 is landscape: printed turned to portrait (facts,
 * Part B), its window shows another part of the page than the box read, as shown (print-jobs.ts
 * Printed.readLandscape). No service code: the service's own reading of it is not known.
 */
function landscapeReadFindings(printed: Printed): Finding[] {
  if (!printed.readLandscape) return [];
  return [
    printNotice(
      "Page 1 is landscape. The service prints a landscape page turned to portrait, so the envelope's window shows another part of it " +
        `than ${BOX_WORDS} as the page is shown, which is what Mailroom reads; which way the printer turns it, and so what the service ` +
        'reads there, is not known. Make page 1 portrait, or give the address with the letter.',
      { pages: [1] },
    ),
  ];
}

/** The address the service would read from page 1, in words, and its type's size where the service would not read it well. */
function addressReadFindings(read: Printed['read']): Finding[] {
  if (read === undefined || (read !== 'unknown' && read.length === 0)) return [];
  if (read === 'unknown') {
    return [
      finding(
        STATUS.AddressNotExtracted,
        'warning',
        `No address is given: the service reads it from ${BOX_WORDS}, which the sandbox cannot see in this document; make sure the address stands there.`,
        { pages: [1] },
      ),
    ];
  }
  const found = `“${read.map((l) => l.text).join(' / ')}”`;
  const { notAnAddress } = windowAddress(read.map((l) => l.text));
  const findings = [
    notAnAddress.length > 0
      ? finding(
          STATUS.AddressNotExtracted,
          'error',
          `No address is given: the service reads it from ${BOX_WORDS}, where it finds ${found}, which is not an address. ` +
            `${notAnAddress.join(' ')} An address there is ${WINDOW_ADDRESS_FORM}. Put the address in the box (the proof draws it), or give it with the letter.`,
          { pages: [1] },
        )
      : finding(
          STATUS.AddressNotExtracted,
          'warning',
          `No address is given: the service reads it from ${BOX_WORDS}, where it finds ${found}. Check that this is the address (the proof draws the box).`,
          { pages: [1] },
        ),
  ];
  const { min, max } = ADDRESS_TYPE_POINTS;
  const odd = read.filter((l) => l.size < min || l.size > max);
  if (odd.length > 0) {
    findings.push(
      printNotice(
        `The address in the recipient box is in ${odd.map((l) => `${l.size} pt type (“${l.text}”)`).join(', ')}: the service asks for ${min} to ${max} pt.`,
        { pages: [1] },
      ),
    );
  }
  return findings;
}

const listed = (characters: readonly string[]) =>
  characters.length <= 10
    ? characters.map(characterWords).join(', ')
    : `${characters.slice(0, 10).map(characterWords).join(', ')} and ${characters.length - 10} more`;

/** Characters of an address's fields that no printing font draws, one finding a field. */
export async function addressCharacterFindings(address: PostalAddress, where: Pick<Finding, 'row' | 'line'> = {}): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const field of RECIPIENT_FIELDS) {
    const value = (address as Readonly<Record<string, string | undefined>>)[field];
    const missing = value ? await notDrawable(value) : [];
    if (missing.length > 0) findings.push(charactersNotDrawn(missing, { ...where, field }));
  }
  return findings;
}

/** Characters no printing font draws, where they are: a field (and a merge's row), or the document's pages. */
export function charactersNotDrawn(characters: readonly string[], where: Omit<Finding, 'code' | 'severity' | 'message'>): Finding {
  const place = where.field ? `in ${where.field}` : where.pages ? `on ${pageWords(where.pages)}` : 'in the text';
  return printNotice(
    `Mailroom's printing fonts cannot draw ${listed(characters)} ${place}: the proof shows “${NOT_DRAWN}” in ${characters.length === 1 ? 'its' : 'their'} place, ` +
      "and the service's own fonts may not have them either.",
    where,
  );
}

/** Fonts not embedded and images under 300 DPI in the letter's PDFs. */
function inspectionFindings(printed: Printed): Finding[] {
  const inspection = printed.inspection;
  if (!inspection) return [];
  return [
    ...inspection.unembeddedFonts.map((font) =>
      printNotice(
        font.standard
          ? `The font “${font.name}” is not embedded in the PDF (${pageWords(font.pages)}): it is one of PDF's 14 standard fonts, which the printer ` +
              'draws with a font of its own of the same widths, so the lines stay as they are but the letters may look a little different. ' +
              'Embed the fonts when making the PDF to print exactly what it shows.'
          : `The font “${font.name}” is not embedded in the PDF (${pageWords(font.pages)}): the printer draws that text with a font of its own, ` +
              'which may run wider or narrower, look different or lack characters. Embed the fonts when making the PDF.',
        { pages: font.pages },
      ),
    ),
    ...inspection.lowResolutionImages.map((image) => lowResolutionFinding(image, pageWords(image.pages))),
  ];
}

/** What the document asked for and its engine did not get: left out of the page. */
function missingFindings(missing: readonly string[]): Finding[] {
  const unique = [...new Set(missing)];
  if (unique.length === 0) return [];
  const named =
    unique
      .slice(0, 5)
      .map((m) => `“${m}”`)
      .join(', ') + (unique.length > 5 ? ` and ${unique.length - 5} more` : '');
  return [
    printNotice(
      `The document asks for ${named}, which ${unique.length === 1 ? 'is' : 'are'} not in its folder: left out of the page. ` +
        'Put the file beside the document (a letter reads nothing from the network or from other folders).',
    ),
  ];
}

/**
 * The engine's page or its absence, in the proof's findings: an approximation is said where it
 * matters most, before sending; unless the engine was turned off, as asked, when the proof says it.
 */
function drawingFindings(drawnBy: DrawnBy | undefined): Finding[] {
  return drawnBy?.approximation && !drawnBy.turnedOff ? [printNotice(drawnBy.approximation)] : [];
}

export async function preflightLetter(
  letter: LetterToCheck,
  settings: PrintSettings,
  options: LetterPreflightOptions = {},
): Promise<PreflightReport> {
  const findings: Finding[] = [];
  if (letter.address) {
    findings.push(...addressFindings(letter.address));
    const zip = zipFinding(letter.address, settings.workMode);
    if (zip) findings.push(zip);
  }
  if (letter.data.length === 0) findings.push(finding(missingFieldCodes.FileBinaryData!, 'error', 'The file is empty.'));
  const drawn = await drawContents(letter.data.length === 0 ? [] : [{ kind: 'file', type: letter.type, data: letter.data }], {
    ...(letter.base ? { base: letter.base } : {}),
    ...(letter.title ? { title: letter.title } : {}),
  });
  const drawnBy = drawn.drawnBy[0];
  const drawing = drawn.contents[0];
  const sent =
    !options.asIs && drawnBy && !drawnBy.approximation && drawing?.kind === 'file'
      ? { type: 'pdf', data: drawing.data }
      : { type: letter.type, data: new Uint8Array(letter.data.buffer, letter.data.byteOffset, letter.data.byteLength) };
  // The pixels of the pages the service prints (the letter's own PDF, or its engine's), looked at
  // in the browser while this thread prints: what the printer would cut or the windows show. This
  // thread prints once the browser draws them, so that it does not hold up the browser's requests.
  let drawingInk: () => void = () => undefined;
  const inkDrawn = new Promise<void>((resolve) => (drawingInk = resolve));
  const inked =
    options.ink !== false && drawing?.kind === 'file' && drawing.type === 'pdf'
      ? inkFindings(drawing.data, { readsPage1: !letter.address, firstLetterPage: letter.address ? 2 : 1 }, undefined, drawingInk)
      : undefined;
  if (inked) await Promise.race([inkDrawn, inked]);
  const { pdf, letters } = await printLetters(
    [
      {
        contents: drawn.contents,
        ...(letter.address ? { address: letter.address } : {}),
        workMode: settings.workMode,
        duplex: settings.duplex ?? false,
      },
    ],
    { inspect: true },
  );
  const printed = letters[0]!;
  findings.push(...printFindings(printed), ...addressReadFindings(printed.read), ...landscapeReadFindings(printed));
  if (letter.address) findings.push(...(await addressCharacterFindings(letter.address)));
  const missing = printed.missing ?? [];
  if (missing.length > 0) {
    findings.push(
      charactersNotDrawn(
        missing.map((m) => m.character),
        { pages: [...new Set(missing.flatMap((m) => m.pages))].sort((a, b) => a - b) },
      ),
    );
  }
  findings.push(...inspectionFindings(printed), ...missingFindings(drawn.missing), ...drawingFindings(drawnBy));
  // A PDF that cannot be read is said once, as the service would say it (-1025), not again as pixels not checked.
  const ink = printed.unreadable === undefined ? await inked : undefined;
  if (ink) findings.push(...ink.findings);
  // The PDF the service gets is what its limit is about: the engine's, when that is what is sent.
  const printedBytes = sent.type === 'pdf' ? sent.data.length : pdf.length;
  const overLimit = printedSizeFinding(printedBytes, sent.type === 'pdf' && drawnBy ? `PDF ${drawnBy.engine} drew of it` : 'printed PDF');
  if (overLimit) findings.push(overLimit);
  const read = printed.read;
  return {
    ok: !hasErrors(findings),
    pages: printed.pages,
    sheets: printed.sheets,
    price: mailerPrice({ kind: 'letter', sheets: printed.sheets, colour: settings.colour ?? false }, settings.pricing ?? DEFAULT_PRICING),
    findings,
    ...(read !== undefined && read !== 'unknown' ? { addressRead: read.map((l) => l.text) } : {}),
    marks: {
      recipientBox: RECIPIENT_WINDOW,
      offSize: (printed.offSize ?? []).map((p) => ({ page: p.page, size: sizeWords(p.width, p.height) })),
      ...(ink && ink.boxes.length > 0 ? { cut: ink.boxes } : {}),
    },
    pdf,
    ...(drawnBy ? { drawnBy } : {}),
    ...(options.asIs && drawnBy ? { prediction: true as const } : {}),
    sent,
  };
}
