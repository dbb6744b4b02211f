/**
 * Mail-merge data (facts, Part B) is RFC 4180 CSV: comma-separated, fields optionally quoted with
 * doubled quotes inside, CRLF or LF rows.
 */
export class CsvError extends Error {}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      const start = i;
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new CsvError(`unterminated quoted field starting at character ${start + 1}`);
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      if (i < text.length && !',\r\n'.includes(text[i]!)) throw new CsvError(`unexpected text after a quoted field at character ${i + 1}`);
      continue;
    }
    if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
