/**
 * CSV text that Excel pt-BR opens right by double-click: UTF-8 with BOM, `;` between fields,
 * CRLF between records, fields quoted per RFC 4180 when they hold `;`, `"`, CR or LF, and text
 * that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) prefixed with `'`
 * (OWASP "CSV Injection"). The import strips that prefix again (unneutralise).
 */
import type { Column } from './columns.ts';

export const BOM = '\uFEFF';
export const SEPARATOR = ';';
const EOL = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A text cell a spreadsheet would run: prefixed so it shows as text. */
export const neutralise = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The exporter's own prefix taken off again (`'=SOMA(…)` → `=SOMA(…)`); other text as is. */
export const unneutralise = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

const quote = (value: string): string => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The whole file: BOM, the header line, one line per record. */
export function toCsv<R>(columns: readonly Column<R, string>[], records: readonly R[]): string {
  const lines = new Array<string>(records.length + 1);
  lines[0] = columns.map((c) => quote(c.header)).join(SEPARATOR);
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    let line = '';
    for (let j = 0; j < columns.length; j++) {
      const column = columns[j]!;
      const value = column.format(record);
      if (j > 0) line += SEPARATOR;
      line += column.numeric ? value : quote(neutralise(value));
    }
    lines[i + 1] = line;
  }
  return BOM + lines.join(EOL) + EOL;
}
