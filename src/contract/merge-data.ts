/**
 * Which CSVs are a merge's data, from their header alone: the contract's address fields named as
 * columns. Small and in the contract, so that the extension asks it on its own thread
 * (live-diagnostics.ts) without loading printing.
 */
import { csvDelimiter } from './csv';
import { RECIPIENT_FIELDS } from './services';

/** The columns that make a CSV a merge's data whatever its template: the address fields (and Zipcode, read as PostalCode). */
const ADDRESS_COLUMNS: ReadonlySet<string> = new Set<string>([...RECIPIENT_FIELDS, 'Zipcode']);

/**
 * Whether the CSV's first line names an address column: then it is a merge's data, checked with or
 * without its template. Its names are split as every reader splits them (csv.ts csvDelimiter), so
 * a CSV separated by semicolons or tabs is a merge's data too, checked as one with commas is.
 */
export function namesAddressColumn(text: string): boolean {
  const header = /^\uFEFF?([^\r\n]*)/.exec(text)![1]!;
  return header.split(csvDelimiter(header)).some((name) =>
    ADDRESS_COLUMNS.has(
      name
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    ),
  );
}
