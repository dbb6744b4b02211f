/**
 * The paper and the envelope as the service's print rules give them (facts, Part A "Print rules";
 * Part B "Page sizes and orientation"): US Letter sheets, and the two boxes of the first page that
 * a No. 10 double-window envelope shows, in points from the sheet's top-left corner.
 */
const INCH = 72;

/** US Letter, portrait, in points. */
export const US_LETTER = { width: 8.5 * INCH, height: 11 * INCH } as const;

/** How far a page may measure from US Letter, in points, and still count as US Letter: 1/16 in (Part B). */
export const LETTER_TOLERANCE = INCH / 16;

/** Where the envelope shows the recipient: the service reads an address left out of the request from here, on page 1. */
export const RECIPIENT_WINDOW = { left: 0.5 * INCH, top: 2.042 * INCH, width: 3.5 * INCH, height: 0.875 * INCH } as const;
/** Where the envelope's upper window shows the return address. */
export const RETURN_WINDOW = { left: 0.5 * INCH, top: 0.5 * INCH, width: 3.5 * INCH, height: 0.792 * INCH } as const;

/** The printable area's margins: the printer may cut or hide what is drawn nearer a sheet's edge than these. */
export const PRINT_MARGINS = { top: 0.5 * INCH, right: 0.6 * INCH, bottom: 0.5 * INCH, left: 0.5 * INCH } as const;

/** The address's type, as the service asks for it (smaller or larger may not be read). */
export const ADDRESS_TYPE_POINTS = { min: 8, max: 18 } as const;

export type Box = { readonly left: number; readonly top: number; readonly width: number; readonly height: number };

/** Whether a page of this size (points, either orientation) is US Letter within the tolerance. */
export function isUsLetter(width: number, height: number): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= LETTER_TOLERANCE + 1e-9;
  return (
    (near(width, US_LETTER.width) && near(height, US_LETTER.height)) || (near(width, US_LETTER.height) && near(height, US_LETTER.width))
  );
}

/** Paper sizes PDFs come in, by name, portrait in points: to say which one a page is. */
const NAMED_SIZES: readonly (readonly [string, number, number])[] = [
  ['US Letter', 612, 792],
  ['A4', 595.28, 841.89],
  ['US Legal', 612, 1008],
  ['A5', 419.53, 595.28],
  ['A3', 841.89, 1190.55],
  ['B5', 498.9, 708.66],
  ['B4', 708.66, 1000.63],
  ['JIS B5', 515.91, 728.5],
  ['JIS B4', 728.5, 1031.81],
  ['Executive', 522, 756],
  ['Tabloid', 792, 1224],
  ['Statement', 396, 612],
  ['Folio', 612, 936],
];

const inches = (points: number) => String(Number((points / INCH).toFixed(2)));

/** A page's size in words: "A4, 8.27 × 11.69 in", "8 × 10 in", "A4 landscape, 11.69 × 8.27 in". */
export function sizeWords(width: number, height: number): string {
  const measured = `${inches(width)} × ${inches(height)} in`;
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  for (const [name, w, h] of NAMED_SIZES) {
    if (near(width, w) && near(height, h)) return `${name}, ${measured}`;
    if (near(width, h) && near(height, w)) return `${name} landscape, ${measured}`;
  }
  return measured;
}
