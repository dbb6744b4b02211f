/**
 * What the printer would cut or hide, found on the pixels of the letter's pages (engines/ink.ts)
 * as the service's print rules give the page (facts, Part A "Print rules"): ink outside the
 * printable area (0.5 in margins, 0.6 in on the right) on any page; and, when the service reads
 * the address from the page, anything but the address inside page 1's recipient box, and anything
 * inside its return-address box, which the envelope's windows show. Each is a warning naming its
 * pages and region (the service has no code for them), and a box the proof draws in red.
 */
import { readBox, type PlacedText } from '../address-read';
import { browserAbsence, browserTurnedOff, theBrowser } from '../engines';
import type { ChromiumEngine } from '../engines/chromium';
import { findInk, type InkRegion, type PageInk, type PageShown } from '../engines/ink';
import { PRINT_MARGINS, RECIPIENT_WINDOW, RETURN_WINDOW, type Box } from '../envelope';
import { placedText } from '../pdf-text';
import { pageWords, printNotice, type Finding } from './findings';

/** How the letter's document stands in what is printed. */
export interface InkCheck {
  /** No address is given: the service reads it from the document's page 1, which the envelope's windows show. */
  readonly readsPage1: boolean;
  /** The proof's number of the document's page 1: 2 when an address page comes first, else 1. */
  readonly firstLetterPage: number;
  /** Where the address read from page 1 stands (none: found from the page's text, as the service reads it). */
  readonly addressBox?: Box;
}

/** A red box on the proof: where ink was found that the printer would cut or the envelope would show, and why it matters. */
export interface CutMark extends Box {
  /** The proof's page. */
  readonly page: number;
  readonly why: string;
}

export interface InkReport {
  readonly findings: Finding[];
  readonly boxes: CutMark[];
}

type Region = 'top margin' | 'bottom margin' | 'left margin' | 'right margin' | 'recipient box' | 'recipient box picture' | 'return box';

const INCH = 72;
const inches = (points: number) => String(Number((points / INCH).toFixed(3)));

/**
 * The margins as strips of the page as shown: the top and bottom ones the page's width, the left
 * and right ones between them, so that ink in a corner is named once.
 */
function margins(page: PageShown): [Region, InkRegion][] {
  const { top, right, bottom, left } = PRINT_MARGINS;
  const between = { top, height: Math.max(0, page.height - top - bottom) };
  return [
    ['top margin', { left: 0, top: 0, width: page.width, height: top }],
    ['bottom margin', { left: 0, top: page.height - bottom, width: page.width, height: bottom }],
    ['left margin', { left: 0, width: left, ...between }],
    ['right margin', { left: page.width - right, width: right, ...between }],
  ];
}

/** How far above its baseline and below it a line's letters may reach, as shares of its type's size (accents, descenders). */
const ASCENT = 1;
const DESCENT = 0.3;
/** A little room round the address's letters, in points, for their anti-aliased edges. */
const PAD = 1;

/** The box of the text the service reads as the address (address-read.ts's rule: each run by its middle), in the window. */
export function addressBoxOf(runs: readonly PlacedText[], window: Box = RECIPIENT_WINDOW): Box | undefined {
  if (readBox(runs, window).length === 0) return undefined;
  const right = window.left + window.width;
  const inside = runs.filter((run) => {
    const middle = run.baseline - run.size * 0.35;
    return (
      run.text.trim() !== '' &&
      run.size > 0 &&
      middle >= window.top &&
      middle <= window.top + window.height &&
      run.x < right &&
      run.x + run.width > window.left
    );
  });
  if (inside.length === 0) return undefined;
  const l = Math.min(...inside.map((r) => Math.max(r.x, window.left))) - PAD;
  const r = Math.max(...inside.map((run) => Math.min(run.x + run.width, right))) + PAD;
  const t = Math.min(...inside.map((run) => run.baseline - run.size * ASCENT)) - PAD;
  const b = Math.max(...inside.map((run) => run.baseline + run.size * DESCENT)) + PAD;
  return { left: l, top: t, width: r - l, height: b - t };
}

const RECIPIENT_WORDS = `the recipient box of page 1 (${inches(RECIPIENT_WINDOW.left)} in from the left, ${inches(RECIPIENT_WINDOW.top)} in from the top, ${inches(RECIPIENT_WINDOW.width)} × ${inches(RECIPIENT_WINDOW.height)} in)`;
const RETURN_WORDS = `the return-address box of page 1 (${inches(RETURN_WINDOW.left)} in from the left and the top, ${inches(RETURN_WINDOW.width)} × ${inches(RETURN_WINDOW.height)} in)`;
const AREA_WORDS = `the printable area (${inches(PRINT_MARGINS.left)} in margins, ${inches(PRINT_MARGINS.right)} in on the right)`;

/** What each region's ink means, for the red box's label. */
const WHY: Readonly<Record<Region, string>> = {
  'top margin': 'Ink in the top margin: the printer may cut or hide it',
  'bottom margin': 'Ink in the bottom margin: the printer may cut or hide it',
  'left margin': 'Ink in the left margin: the printer may cut or hide it',
  'right margin': 'Ink in the right margin (0.6 in): the printer may cut or hide it',
  'recipient box': 'Not the address, in the recipient box: the envelope window shows it',
  'recipient box picture': 'A picture, line or shape in the recipient box: the envelope window shows it',
  'return box': 'Ink in the return-address box: the envelope window shows it',
};

/** Pages of the proof in words, and of the document where they differ (an address page comes first). */
function pagesWords(pages: readonly number[], firstLetterPage: number): string {
  const proof = pageWords(pages);
  if (firstLetterPage === 1) return proof;
  return `${pageWords(pages.map((p) => p - firstLetterPage + 1))} of the document (the proof's ${proof})`;
}

function regionFinding(region: Region, pages: readonly number[], firstLetterPage: number): Finding {
  const where = pagesWords(pages, firstLetterPage);
  switch (region) {
    case 'recipient box':
      return printNotice(
        `Something besides the address stands in ${RECIPIENT_WORDS}: the envelope's window shows it, and the service, which reads the ` +
          'address from that box, may read it as part of the address. Keep only the address there (the proof draws it in red).',
        { pages },
      );
    case 'recipient box picture':
      return printNotice(
        `A picture, line or shape stands in ${RECIPIENT_WORDS}: the envelope's window shows it over the address, and the service reads ` +
          'the address from there. Keep only the address there (the proof draws it in red).',
        { pages },
      );
    case 'return box':
      return printNotice(
        `Something stands in ${RETURN_WORDS}: the envelope's upper window shows it, where the return address goes. ` +
          'Keep it clear, or make sure what is there is the return address (the proof draws it in red).',
        { pages },
      );
    default:
      return printNotice(
        `Ink in the ${region} on ${where}: the printer may cut or hide what stands outside ${AREA_WORDS}. ` +
          'Move it inside (the proof draws it in red).',
        { pages },
      );
  }
}

/** The regions looked at on each page of the document, by its page number. */
function regionsOf(check: InkCheck, addressBox: Box | undefined): (page: number, shown: PageShown) => [Region, InkRegion][] {
  return (page, shown) => [
    ...margins(shown),
    ...(check.readsPage1 && page === 1
      ? ([
          ['recipient box', { ...RECIPIENT_WINDOW, ...(addressBox ? { except: [addressBox] } : {}) }],
          ['recipient box picture', { ...RECIPIENT_WINDOW, textless: true }],
          ['return box', { ...RETURN_WINDOW }],
        ] satisfies [Region, InkRegion][])
      : []),
  ];
}

/** The words of a check that could not be made, as a finding: the pages' pixels were not looked at. */
function notChecked(why: string): InkReport {
  return {
    findings: [
      printNotice(
        `The pages were not checked for what the printer would cut or hide (ink outside ${AREA_WORDS}, or in the envelope's windows): ${why}`,
      ),
    ],
    boxes: [],
  };
}

/**
 * The ink of the document's PDF (the pages the service prints, not the proof with its marks) that
 * the printer would cut or the envelope's windows would show, as warnings and the proof's boxes.
 */
export async function inkFindings(
  pdf: Uint8Array,
  check: InkCheck,
  browser: ChromiumEngine | undefined = theBrowser(),
  drawing?: () => void,
): Promise<InkReport> {
  // Turned off, as asked: no pixels, and nothing to say of it (the proof says how it was drawn).
  if (!browser)
    return browserTurnedOff() ? { findings: [], boxes: [] } : notChecked(`that needs a browser to draw them. ${browserAbsence()}`);
  const addressBox = check.readsPage1
    ? (check.addressBox ?? addressBoxOf(await placedText(pdf, 1).catch((): PlacedText[] => [])))
    : undefined;
  const regions = regionsOf(check, addressBox);
  let pages: PageInk[];
  try {
    pages = await findInk(browser, pdf, (page, shown) => regions(page, shown).map(([, region]) => region), drawing);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return notChecked(`the browser could not draw them (${why}).`);
  }
  const found = new Map<Region, number[]>();
  const boxes: CutMark[] = [];
  for (const { page, shown, ink } of pages) {
    const proofPage = page + check.firstLetterPage - 1;
    const named = regions(page, shown).map(([region], i) => [region, ink[i]] as const);
    const picture = named.find(([region]) => region === 'recipient box picture')?.[1];
    for (const [region, box] of named) {
      // A picture in the box is said once, as a picture, unless other ink stands beside it.
      if (!box || (region === 'recipient box' && picture && within(box, picture))) continue;
      found.set(region, [...(found.get(region) ?? []), proofPage]);
      boxes.push({ page: proofPage, ...box, why: WHY[region] });
    }
  }
  return { findings: [...found].map(([region, pages]) => regionFinding(region, pages, check.firstLetterPage)), boxes };
}

/** Whether box a lies inside box b, give or take a point. */
function within(a: Box, b: Box): boolean {
  return a.left >= b.left - 1 && a.top >= b.top - 1 && a.left + a.width <= b.left + b.width + 1 && a.top + a.height <= b.top + b.height + 1;
}
