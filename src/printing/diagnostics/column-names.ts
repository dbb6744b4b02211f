/**
 * A merge data column named otherwise than the field it holds (a spreadsheet's "Town" for City,
 * "Zip" for PostalCode, "Name" for AttentionLine1, a template field misspelt): the field it is
 * near, so that the CSV's quick fix renames the column rather than adding an empty one (issue 25,
 * part 6). Names people write for the address fields are data, below; any other name is near a
 * field when it is one slip of the keyboard in four letters from it (compared folded: case, spaces,
 * hyphens and underscores aside).
 */
import { RECIPIENT_FIELD_ALIASES, editDistance, type RecipientField } from '../../contract';

/** Names spreadsheets and people give the address columns, folded, with the field each holds. */
export const COLUMN_SYNONYMS: Readonly<Record<string, RecipientField>> = {
  ...RECIPIENT_FIELD_ALIASES,
  fullname: 'AttentionLine1',
  recipient: 'AttentionLine1',
  addressee: 'AttentionLine1',
  contact: 'AttentionLine1',
  attention: 'AttentionLine1',
  organization: 'Company',
  organisation: 'Company',
  business: 'Company',
  companyname: 'Company',
  streetaddress: 'Address1',
  address1: 'Address1',
  addressline1: 'Address1',
  address2: 'Address2',
  addressline2: 'Address2',
  town: 'City',
  locality: 'City',
  province: 'State',
  region: 'State',
  postalcode: 'PostalCode',
  zippostalcode: 'PostalCode',
  postcodezip: 'PostalCode',
  countryregion: 'Country',
};

const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Whether a written column name stands for a field: a known synonym, or a slip of the keyboard from it. */
function near(written: string, field: string): number | undefined {
  const [w, f] = [fold(written), fold(field)];
  if (w === f || COLUMN_SYNONYMS[w] === field) return 0;
  const distance = editDistance(w, f);
  return distance <= Math.max(1, Math.floor(f.length / 4)) ? distance : undefined;
}

/** Of the fields wanted, the one a written column name stands for (the nearest; none when two are as near). */
export function fieldNamedBy(written: string, wanted: readonly string[]): string | undefined {
  const scored = wanted.flatMap((field) => {
    const distance = near(written, field);
    return distance === undefined ? [] : [{ field, distance }];
  });
  const best = Math.min(...scored.map((s) => s.distance));
  const nearest = scored.filter((s) => s.distance === best);
  return nearest.length === 1 ? nearest[0]!.field : undefined;
}

/** Of the columns free to be renamed, the one that stands for a field (none when two would). */
export function columnNaming(field: string, free: readonly string[]): string | undefined {
  const scored = free.flatMap((column) => {
    const distance = near(column, field);
    return distance === undefined ? [] : [{ column, distance }];
  });
  const best = Math.min(...scored.map((s) => s.distance));
  const nearest = scored.filter((s) => s.distance === best);
  return nearest.length === 1 ? nearest[0]!.column : undefined;
}
