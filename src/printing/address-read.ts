/**
 * The address the service reads from a letter sent without one (facts, Part A "Print rules"): the
 * text inside the recipient box of page 1, line by line, as the envelope's window shows it. The
 * same reading serves a PDF (its text where pdf.js says it stands, pdf-text.ts) and a document the
 * printer lays out (its lines where the printer put them), so that the proof, the preflight and the
 * sandbox's -1045 agree.
 */
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
