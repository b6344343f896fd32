/**
 * CSV text that Excel pt-BR opens right by double-click: UTF-8 with BOM, `;` between fields,
 * CRLF between records, fields quoted per RFC 4180 when they hold `;`, `"`, CR or LF, and text
 * that a spreadsheet would run as a formula prefixed with `'` (OWASP "CSV Injection"): its first
 * visible character (after invisible format marks and spaces) is `=`, `+`, `-`, `@` or a
 * fullwidth/small form of them, or it starts with tab or CR. A cell that is wholly a pt-BR number
 * (`-200,00`, `-1.234,5`) stays plain: Excel reads it as the number it is. The import strips
 * that prefix again (unneutralise).
 */
import type { Column } from './columns.ts';

export const BOM = '\uFEFF';
export const SEPARATOR = ';';
const EOL = '\r\n';
/** Leading characters a spreadsheet skips or that do not show: format marks (U+200E, U+00AD, U+FEFF…) and spaces. */
const INVISIBLE_LEAD = /^[\p{Cf}\p{Z}\s]*/u;
/** `=`, `+`, `-`, `@`, their fullwidth forms (＝ ＋ － ＠) and small forms (﹦ ﹢ ﹣ ﹫). */
const FORMULA_CHAR = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;
const CONTROL_START = /^[\t\r]/;
/** A whole pt-BR number: `-200,00`, `1.234.567,89`, `-15`. */
const PT_BR_NUMBER = /^-?(?:\d{1,3}(?:\.\d{3})*|\d+)(?:,\d+)?$/;

const startsLikeFormula = (value: string): boolean =>
  CONTROL_START.test(value) || FORMULA_CHAR.test(value.replace(INVISIBLE_LEAD, ''));
const NEEDS_QUOTES = /[;"\r\n]/;

/** Whether a text cell would run as a formula in a spreadsheet. */
export const needsGuard = (value: string): boolean => startsLikeFormula(value) && !PT_BR_NUMBER.test(value);

/** A text cell a spreadsheet would run: prefixed so it shows as text. */
export const neutralise = (value: string): string => (needsGuard(value) ? `'${value}` : value);

/**
 * The exporter's own prefix taken off again (`'=SOMA(…)` → `=SOMA(…)`); other text as is. Numbers
 * count too: files written before numbers were left plain hold `'-2`.
 */
export const unneutralise = (value: string): string => (value.startsWith("'") && startsLikeFormula(value.slice(1)) ? value.slice(1) : value);

const quote = (value: string): string => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The whole file: BOM, the header line, one line per record. */
export function toCsv<R>(columns: readonly Column<R, string>[], records: readonly R[]): string {
  return BOM + csvHeader(columns) + csvLines(columns, records);
}

/** The header line (with its line end). */
export const csvHeader = <R>(columns: readonly Column<R, string>[]): string => columns.map((c) => quote(c.header)).join(SEPARATOR) + EOL;

/** One line per record, each with its line end: a part of a file written page by page. */
export function csvLines<R>(columns: readonly Column<R, string>[], records: readonly R[]): string {
  if (records.length === 0) return '';
  const lines = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    let line = '';
    for (let j = 0; j < columns.length; j++) {
      const column = columns[j]!;
      const value = column.format(record);
      if (j > 0) line += SEPARATOR;
      line += column.numeric ? value : quote(neutralise(value));
    }
    lines[i] = line;
  }
  return lines.join(EOL) + EOL;
}
