/**
 * Every US ZIP code with its state and city names, from zip-index.ts (written by `npm run zips`
 * from the ZIP data packages): about 42,600 ZIP codes, each sectional center's read when first asked.
 *
 * The packages name a ZIP code's primary city (and, where the two differ, another), not every name
 * the USPS accepts for it ("Flushing" and "Queens" for 11375, whose primary name is "Forest Hills").
 * What they do give is every ZIP code's city: a name the USPS accepts for a ZIP code is mostly the
 * name of a place near it, which has ZIP codes of its own in the same sectional center (the ZIP
 * codes sharing its first three digits). So the names taken for a ZIP code are its own and every
 * city of its sectional center in its state.
 */
import { cityKey } from './city-names';
import { CITY_NAMES, STATES, STATE_NAMES, ZIPS_BY_CENTER } from './zip-index';

export { ZIP_SOURCES } from './zip-index';

export interface ZipCode {
  readonly zip: string;
  /** Its state (or territory, or the military's AA, AE, AP), as the USPS's two letters. */
  readonly state: string;
  /** The names its own data gives it, the primary first. */
  readonly cities: readonly string[];
}

const names = CITY_NAMES.split('|');

/** A sectional center's ZIP codes, read when first asked for; and, per state, its cities (as cityKey has them) when first needed. */
interface Center {
  readonly zips: ReadonlyMap<string, ZipCode>;
  cities?: ReadonlyMap<string, ReadonlySet<string>>;
}

const centers = new Map<string, Center | undefined>();

function center(prefix: string): Center | undefined {
  if (centers.has(prefix)) return centers.get(prefix);
  const line = ZIPS_BY_CENTER[prefix];
  let read: Center | undefined;
  if (line !== undefined) {
    const zips = new Map<string, ZipCode>();
    let state = '';
    let at = 0;
    let cities: readonly string[] = [];
    for (const entry of line.split(' ')) {
      if (entry.startsWith('=')) {
        state = entry.slice(1);
        continue;
      }
      const [delta, coded] = entry.split(':');
      at += parseInt(delta!, 36);
      if (coded !== undefined) cities = coded.split(',').map((i) => names[parseInt(i, 36)]!);
      const zip = prefix + String(at).padStart(2, '0');
      zips.set(zip, { zip, state, cities });
    }
    read = { zips };
  }
  centers.set(prefix, read);
  return read;
}

/** The ZIP code of a five-digit code (or ZIP+4), if the USPS has it. */
export function zipCode(zip: string): ZipCode | undefined {
  return center(zip.slice(0, 3))?.zips.get(zip.slice(0, 5));
}

/** The two letters of a state written as its two letters or its name ("IL", "il", "Illinois"), if it is one the data knows. */
export function stateCode(state: string): string | undefined {
  const written = state.trim().replace(/\s+/g, ' ').toUpperCase();
  // "D.C.", as people write it too.
  const letters = written.replace(/[.\s]/g, '');
  if (letters.length === 2 && STATES.includes(letters)) return letters;
  return STATE_NAMES[written];
}

/** Whether a city is one the ZIP code serves: one of its own names, or the name of another ZIP code of its sectional center. */
export function servesCity(zip: ZipCode, city: string): boolean {
  const key = cityKey(city);
  if (zip.cities.some((name) => cityKey(name) === key)) return true;
  const at = center(zip.zip.slice(0, 3))!;
  if (!at.cities) {
    const cities = new Map<string, Set<string>>();
    for (const z of at.zips.values()) {
      const keys = cities.get(z.state) ?? cities.set(z.state, new Set()).get(z.state)!;
      for (const name of z.cities) keys.add(cityKey(name));
    }
    at.cities = cities;
  }
  return at.cities.get(zip.state)?.has(key) ?? false;
}
