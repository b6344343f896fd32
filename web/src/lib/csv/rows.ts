/**
 * An import's rows as they will be saved: each file column matched to a field (by header name,
 * or by position in a file without header), each cell read by its column of the table, the
 * problems of a row listed with its line number in pt-BR. Pure: the page and the tests share it.
 */
import { formatDocumento, MESSAGES } from '@contract';
import { fold } from '../sort-key.ts';
import { CATEGORIA_COLUMNS, CLIENTE_COLUMNS, columnFor, REASON_HEADER, type ClienteField, type Column } from './columns.ts';
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

/** The fields an import can fill, in the table's order. */
export const IMPORT_FIELDS: readonly ClienteField[] = CLIENTE_COLUMNS.flatMap((c) => (c.field ? [c.field] : []));

/**
 * The field of each position of a file without header: the export's columns in order, an
 * export-only one (VIP) read as nothing, so a header-less copy of an export lines up.
 */
export const POSITIONAL_FIELDS: readonly (ClienteField | null)[] = CLIENTE_COLUMNS.map((c) => c.field ?? null);

const columnOf = (field: string) => CLIENTE_COLUMNS.find((c) => c.field === field)!;

/** True when a cell of the first row names a column (or is the failed-rows CSV's Motivo): the file has a header. */
export const hasHeader = <F extends string>(first: readonly string[] | undefined, columns: readonly Column<never, F>[] = CLIENTE_COLUMNS as never) =>
  !!first && first.some((cell) => columnFor(columns, cell) !== undefined || fold(cell.trim()) === fold(REASON_HEADER));

/** The widest row among the first ones (how many columns the file has). */
export const widthOf = (rows: readonly string[][]): number => rows.slice(0, 200).reduce((w, r) => Math.max(w, r.length), 0);

/** The field of each file column: by header name (each field once), else by position. */
export function guessMapping(rows: readonly string[][], header: boolean): (ClienteField | null)[] {
  const width = widthOf(rows);
  const used = new Set<ClienteField>();
  return Array.from({ length: width }, (_, j) => {
    const field = header ? (columnFor(CLIENTE_COLUMNS, rows[0]?.[j] ?? '')?.field ?? null) : (POSITIONAL_FIELDS[j] ?? null);
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/**
 * A name for each column of the file: its header when it has one, else the field it is read as,
 * else `unnamed(j)`. A file written under these names is read back by its header, the same way.
 */
export function columnHeaders(rows: readonly string[][], mapping: readonly (ClienteField | null)[], header: boolean, unnamed: (j: number) => string): string[] {
  return mapping.map((field, j) => (header ? rows[0]?.[j]?.trim() : undefined) || (field ? columnOf(field).header : unnamed(j)));
}

const isEmptyRow = (row: readonly string[]) => row.every((c) => c.trim() === '');

/** Rows checked between two yields of checkRowsInSteps: a few milliseconds of work. */
export const CHECK_SLICE = 500;

/**
 * Reads every data row with the mapping; empty lines are skipped. The API's rules hold: a name
 * and a contract value are required (a blank value is not R$ 0,00), and a CNPJ/CPF repeated in
 * the file is refused on its later rows with the message the API gives (the earlier row takes it).
 */
export function checkRows(rows: readonly string[][], mapping: readonly (ClienteField | null)[], header: boolean): RowCheck[] {
  const out: RowCheck[] = [];
  for (const _ of checking(rows, mapping, header, out));
  return out;
}

/**
 * checkRows a slice of CHECK_SLICE rows at a time, the main thread free between slices: 10,000
 * rows with contacts take about 100 ms, which in one task would freeze the page.
 */
export async function checkRowsInSteps(rows: readonly string[][], mapping: readonly (ClienteField | null)[], header: boolean): Promise<RowCheck[]> {
  const out: RowCheck[] = [];
  for (const _ of checking(rows, mapping, header, out)) await new Promise((resolve) => setTimeout(resolve, 0));
  return out;
}

/** checkRows into `out`, pausing (yield) after each CHECK_SLICE rows. */
function* checking(rows: readonly string[][], mapping: readonly (ClienteField | null)[], header: boolean, out: RowCheck[]): Generator<void> {
  /** A required field the row lacks (and no problem names yet): said first for the name, as the form does. */
  const required = (field: ClienteField, row: Record<string, unknown>, problems: string[]) => {
    const name = columnOf(field).header;
    if (row[field] !== undefined || problems.some((p) => p.includes(`'${name}'`))) return;
    if (field === 'nome') problems.unshift(MESSAGES.campoObrigatorio(name));
    else problems.push(MESSAGES.campoObrigatorio(name));
  };
  /** The name of the first valid row of each documento. */
  const documentos = new Map<string, string>();
  for (let i = header ? 1 : 0; i < rows.length; i++) {
    if (i > 0 && i % CHECK_SLICE === 0) yield;
    const cells = rows[i]!;
    if (isEmptyRow(cells)) continue;
    const problems: string[] = [];
    const row: Record<string, unknown> = { segmento: '', pontoFocal: '' };
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
    required('nome', row, problems);
    required('valorContrato', row, problems);
    const documento = typeof row.documento === 'string' ? row.documento : undefined;
    const holder = documento === undefined ? undefined : documentos.get(documento);
    if (documento !== undefined && holder !== undefined) problems.push(MESSAGES.documentoDuplicado(formatDocumento(documento), holder));
    if (problems.length === 0 && documento !== undefined) documentos.set(documento, row.nome as string);
    out.push({ linha: i + 1, cells, problems, ...(problems.length === 0 ? { row: row as ImportRow } : {}) });
  }
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
