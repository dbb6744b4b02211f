/**
 * When two ways of writing a city are the same city: case, accents, punctuation and spacing do not
 * count ("Winston-Salem", "WINSTON SALEM", "Winstonsalem"; "Mayagüez", "Mayaguez"), and the USPS's
 * abbreviations of the words in city names (Publication 28) are their words ("St Louis", "Saint
 * Louis"; "Ft Worth", "Fort Worth"; "Mt Vernon", "Mount Vernon"; "N Las Vegas", "North Las Vegas").
 */

/** The abbreviations the USPS writes in city names, and the word each stands for. */
const WORDS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  mtn: 'mountain',
  pt: 'point',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
  hts: 'heights',
  jct: 'junction',
  twp: 'township',
  vlg: 'village',
  bch: 'beach',
  ctr: 'center',
  cty: 'city',
  lk: 'lake',
  pk: 'park',
  spg: 'spring',
  spgs: 'springs',
  fls: 'falls',
  crk: 'creek',
  sta: 'station',
};

/**
 * Keys already worked out: a merge's rows name the same cities over and over, and each is compared
 * with its ZIP code's own names. Bounded, so that a file of many names keeps no more than this.
 */
const KEYS = new Map<string, string>();
const KEPT_KEYS = 10_000;

/** The form two names are compared in: the same for every way of writing one city. */
export function cityKey(name: string): string {
  let key = KEYS.get(name);
  if (key === undefined) {
    if (KEYS.size >= KEPT_KEYS) KEYS.clear();
    KEYS.set(name, (key = keyOf(name)));
  }
  return key;
}

function keyOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .map((word) => WORDS[word] ?? word)
    .join('');
}
