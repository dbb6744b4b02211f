/**
 * Which state each US ZIP code's first three digits belong to, as ranges of 3-digit prefixes.
 *
 * Source: the USPS's assignment of 3-digit ZIP Code prefixes to sectional centers, by state
 * (USPS Publication 65, "National Five-Digit ZIP Code and Post Office Directory"; the same ranges
 * are tabled in Wikipedia's "List of ZIP Code prefixes"). Kept at the grain of ranges: a prefix
 * inside a state's range that the USPS has not assigned counts as that state's, and a prefix in no
 * range is not judged. Military (AA, AE, AP) and territories are included. This goes beyond the
 * service's own address check, so what it finds is a warning, never a failure.
 */
export const ZIP_PREFIX_RANGES: readonly (readonly [from: number, to: number, state: string])[] = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 99, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  // American Samoa's one ZIP code, 96799, shares Hawaii's prefix.
  [967, 967, 'AS'],
  [969, 969, 'GU'],
  [969, 969, 'MP'],
  [969, 969, 'PW'],
  [969, 969, 'FM'],
  [969, 969, 'MH'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The states a ZIP code's prefix belongs to; empty when the table does not know the prefix. */
export function statesOfZip(zip: string): string[] {
  const prefix = Number(zip.slice(0, 3));
  return ZIP_PREFIX_RANGES.filter(([from, to]) => prefix >= from && prefix <= to).map(([, , state]) => state);
}

/** Whether the table names this two-letter code at all (a state it does not know is not judged). */
export function isKnownState(state: string): boolean {
  return ZIP_PREFIX_RANGES.some(([, , s]) => s === state);
}
