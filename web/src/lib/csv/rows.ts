/**
 * An import's rows as they will be saved: each file column matched to a field (by header name,
 * or by position in a file without header), each cell read by its column of the table, the
 * problems of a row listed with its line number in pt-BR. Pure: the page and the tests share it.
 */
import { MESSAGES } from '@contract';
import { CATEGORIA_COLUMNS, CLIENTE_COLUMNS, columnFor, type ClienteField, type Column } from './columns.ts';
import { unneutralise } from './write.ts';

/** A client read from a row: the wire fields, the category by its name (resolved by the page). */
export type ImportRow = { nome: string; segmento: string; pontoFocal: string; valorContrato: number; categoria?: string } & Partial<
  Record<Exclude<ClienteField, 'nome' | 'segmento' | 'pontoFocal' | 'valorContrato' | 'categoria'>, string>
>;

export interface RowCheck {
  /** The record's line in the file as a spreadsheet numbers it (the header is line 1). */
  linha: number;
  /** The client, when the row has no problem. */
  row?: ImportRow;
  problems: string[];
  cells: string[];
}

/** The fields an import can fill, in the table's order (a file without header is read in this order). */
export const IMPORT_FIELDS: readonly ClienteField[] = CLIENTE_COLUMNS.flatMap((c) => (c.field ? [c.field] : []));

const columnOf = (field: string) => CLIENTE_COLUMNS.find((c) => c.field === field)!;

/** True when a cell of the first row names a column: the file has a header. */
export const hasHeader = <F extends string>(first: readonly string[] | undefined, columns: readonly Column<never, F>[] = CLIENTE_COLUMNS as never) =>
  !!first && first.some((cell) => columnFor(columns, cell) !== undefined);

/** The widest row among the first ones (how many columns the file has). */
export const widthOf = (rows: readonly string[][]): number => rows.slice(0, 200).reduce((w, r) => Math.max(w, r.length), 0);

/** The field of each file column: by header name (each field once), else by position. */
export function guessMapping(rows: readonly string[][], header: boolean): (ClienteField | null)[] {
  const width = widthOf(rows);
  const used = new Set<ClienteField>();
  return Array.from({ length: width }, (_, j) => {
    const field = header ? (columnFor(CLIENTE_COLUMNS, rows[0]?.[j] ?? '')?.field ?? null) : (IMPORT_FIELDS[j] ?? null);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

const isEmptyRow = (row: readonly string[]) => row.every((c) => c.trim() === '');

/** Reads every data row with the mapping; empty lines are skipped. */
export function checkRows(rows: readonly string[][], mapping: readonly (ClienteField | null)[], header: boolean): RowCheck[] {
  const out: RowCheck[] = [];
  for (let i = header ? 1 : 0; i < rows.length; i++) {
    const cells = rows[i]!;
    if (isEmptyRow(cells)) continue;
    const problems: string[] = [];
    const row: Record<string, unknown> = { nome: '', segmento: '', pontoFocal: '', valorContrato: 0 };
    mapping.forEach((field, j) => {
      if (!field) return;
      // A line break inside a cell is LF, however the file's records end.
      const value = unneutralise((cells[j] ?? '').trim()).replace(/\r\n?/g, '\n');
      if (value === '') return;
      const column = columnOf(field);
      const read = column.parse!(value, column.header);
      if (read.ok) row[field] = read.value;
      else problems.push(read.problem);
    });
    if (row.nome === '' && !problems.some((p) => p.includes(`'${columnOf('nome').header}'`))) problems.unshift(MESSAGES.campoObrigatorio(columnOf('nome').header));
    out.push({ linha: i + 1, cells, problems, ...(problems.length === 0 ? { row: row as ImportRow } : {}) });
  }
  return out;
}

/** A one-column list of categories: each non-empty line's first cell (a header line skipped). */
export function categoriaNames(rows: readonly string[][]): { linha: number; descricao?: string; problem?: string }[] {
  const column = CATEGORIA_COLUMNS[0]!;
  const header = hasHeader(rows[0], CATEGORIA_COLUMNS as never);
  const out: { linha: number; descricao?: string; problem?: string }[] = [];
  for (let i = header ? 1 : 0; i < rows.length; i++) {
    const value = unneutralise((rows[i]![0] ?? '').trim());
    if (value === '') continue;
    const read = column.parse!(value, column.header);
    out.push(read.ok ? { linha: i + 1, descricao: read.value as string } : { linha: i + 1, problem: read.problem });
  }
  return out;
}
