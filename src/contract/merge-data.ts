/**
 * Which CSVs are a merge's data, from their header alone: the contract's address fields named as
 * columns. Small and in the contract, so that the extension asks it on its own thread
 * (live-diagnostics.ts) without loading printing.
 */
import { RECIPIENT_FIELDS } from './services';

/** The columns that make a CSV a merge's data whatever its template: the address fields (and Zipcode, read as PostalCode). */
const ADDRESS_COLUMNS: ReadonlySet<string> = new Set<string>([...RECIPIENT_FIELDS, 'Zipcode']);

/**
 * Whether the CSV's first line names an address column: then it is a merge's data, checked with or
 * without its template. Names split by semicolons or tabs count too: such a CSV is a merge's data
 * read with that delimiter (csv.ts csvDelimiter), checked as one with commas is.
 */
export function namesAddressColumn(text: string): boolean {
  const header = /^\uFEFF?([^\r\n]*)/.exec(text)![1]!;
  return header.split(/[,;\t]/).some((name) =>
    ADDRESS_COLUMNS.has(
      name
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    ),
  );
}
