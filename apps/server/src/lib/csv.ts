/**
 * CSV for downloads (RFC 4180, CRLF). Every field is quoted, and a text field that came from people is
 * never read as a formula by a spreadsheet.
 */

/** A CSV field, quoted. */
export const csvField = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** Text that came from people (names, titles): a leading =, +, -, @, tab or CR is defused with a quote. */
export const csvText = (value: string) => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One line of fields already made with csvField or csvText. */
export const csvLine = (fields: readonly string[]) => `${fields.join(',')}\r\n`;

/** A header line: column names are ours, quoted like any field. */
export const csvHeader = (columns: readonly string[]) => csvLine(columns.map(csvField));

/**
 * A CSV read page by page after its first: `first` is read by the caller before streaming starts, so a
 * period the database cannot read fails with an ordinary error reply, not a file cut off after its
 * header. `next` reads the page after the last row; `closing` adds lines once every row is out (totals).
 */
export function pagedCsv<R>(opts: {
  header: readonly string[];
  first: R[];
  next: (last: R) => Promise<R[]>;
  line: (row: R) => string[];
  closing?: () => string[][];
}): AsyncIterable<string> {
  return (async function* () {
    yield csvHeader(opts.header);
    for (let rows = opts.first; rows.length > 0; rows = await opts.next(rows.at(-1)!)) {
      for (const row of rows) yield csvLine(opts.line(row));
    }
    for (const fields of opts.closing?.() ?? []) yield csvLine(fields);
  })();
}
