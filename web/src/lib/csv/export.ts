/**
 * 'Exportar' on /clientes, /categorias and /agenda: what the list shows, as a CSV file named like
 * `clientes-2026-11-23.csv`. Loaded on click (a lazy chunk), so the lists' initial JS does not carry it.
 */
import { LIMITS, type Categoria, type Cliente } from '@contract';
import { apiRequest } from '../../api/http.ts';
import { clientesApi } from '../../api/clientes.ts';
import { readObservacoes } from '../../api/observacoes.ts';
import { EXPORT_PAGED_CLIENT_COST, EXPORT_WHOLE_LIST_MAX } from '../../config.ts';
import { tooLarge } from '../paging.ts';
import { wholeListServes, wholeViewOf } from './whole-view.ts';
import { CATEGORIA_COLUMNS, CLIENTE_COLUMNS, type ClienteCsv } from './columns.ts';
import { readPages, type PagedView } from '../../api/clientes-pagina.ts';
import { blobSink, fileName, type CsvSink } from './sink.ts';
import { BOM, csvHeader, csvLines, toCsv } from './write.ts';
import { readTarefaPages, type TarefasQuery } from '../../api/tarefas.ts';
import { tarefaColumns } from './tarefas.ts';

export { fileName };

/** Hands the text (or a file's parts) to the browser as a download. */
export function download(name: string, csv: string | Blob): void {
  const url = URL.createObjectURL(typeof csv === 'string' ? new Blob([csv], { type: 'text/csv;charset=utf-8' }) : csv);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const clientesCsv = (clientes: readonly ClienteCsv[]): string => toCsv(CLIENTE_COLUMNS, clientes);
export const categoriasCsv = (categorias: readonly Categoria[]): string => toCsv(CATEGORIA_COLUMNS, categorias);

/** The list's clients with their notes (read for the export), as a download. */
export async function exportClientes(clientes: readonly ClienteCsv[]): Promise<void> {
  const notes = clientes.length > 0 ? await readObservacoes() : new Map<number, string>();
  download(fileName('clientes'), clientesCsv(withNotes(clientes, notes)));
}

/** Each client with its notes (the list leaves them out). */
const withNotes = (clientes: readonly ClienteCsv[], notes: Map<number, string>): ClienteCsv[] =>
  clientes.map((c) => (notes.has(c.id) ? { ...c, observacoes: notes.get(c.id)! } : c));
export const exportCategorias = (categorias: readonly Categoria[]): void => download(fileName('categorias'), categoriasCsv(categorias));

/** Rows handed to the sink at a time when the whole view is in hand (the progress moves between them). */
const WRITE_ROWS = 1_000;

/**
 * Writes rows into `sink` after the header, reporting the rows written and the view's count; an
 * aborted `signal` stops between writes and leaves no file.
 * @returns whether the file was written (false: canceled).
 */
async function writeRows(
  rows: AsyncIterable<{ itens: readonly ClienteCsv[]; total: number | undefined }>,
  signal: AbortSignal,
  onProgress: (feitos: number, total: number | undefined) => void,
  sink: CsvSink,
): Promise<boolean> {
  try {
    await sink.write(BOM + csvHeader(CLIENTE_COLUMNS));
    let feitos = 0;
    for await (const part of rows) {
      if (signal.aborted) break;
      await sink.write(csvLines(CLIENTE_COLUMNS, part.itens));
      feitos += part.itens.length;
      onProgress(feitos, part.total);
    }
  } catch (err) {
    await sink.abort();
    throw err;
  }
  if (signal.aborted) {
    await sink.abort();
    return false;
  }
  await sink.close();
  return true;
}

const downloadSink = (): CsvSink => blobSink((file) => download(fileName('clientes'), file));

/**
 * A large list's view written page by page into `sink` (by default a download of bounded Blob
 * parts: lib/csv/sink.ts), each page read with its clients' notes: one page of records is held
 * at a time, whatever the size. `onProgress` gets the clients written so far and the view's
 * count; an aborted `signal` stops before the next page and leaves no file.
 * @returns whether the file was written (false: canceled).
 */
export function exportClientesPaged(
  view: PagedView,
  signal: AbortSignal,
  onProgress: (feitos: number, total: number | undefined) => void,
  sink: CsvSink = downloadSink(),
): Promise<boolean> {
  async function* pages() {
    for await (const page of readPages({ ...view, observacoes: true }, signal)) yield { itens: page.itens, total: page.totais?.clientes };
  }
  return writeRows(pages(), signal, onProgress, sink);
}

/**
 * The view's clients with their notes from two reads (the whole list, every note), or null when
 * the whole list is too large to answer (413).
 */
async function readWholeView(view: PagedView, signal: AbortSignal): Promise<ClienteCsv[] | null> {
  try {
    const [clientes, notes] = await Promise.all([apiRequest<Cliente[]>(clientesApi.path, { signal }), readObservacoes(signal)]);
    return withNotes(wholeViewOf(clientes, view), notes);
  } catch (err) {
    if (tooLarge(err)) return null;
    throw err;
  }
}

/** Rows in hand as the parts writeRows takes, WRITE_ROWS at a time. */
async function* inParts(rows: readonly ClienteCsv[]) {
  for (let i = 0; i < rows.length; i += WRITE_ROWS) yield { itens: rows.slice(i, i + WRITE_ROWS), total: rows.length };
}

/**
 * 'Exportar' on the paged list. Up to EXPORT_WHOLE_LIST_MAX clients in all (`clientes`, the
 * portfolio's count), a view the whole list serves comes from two reads and is written in parts;
 * any other view, a larger portfolio, a view under a tenth of it (`viewClientes`, its count when the
 * list knows it: EXPORT_PAGED_CLIENT_COST) or a whole list that answers 413, page by page
 * (exportClientesPaged). The file is the same either way: the same clients in the same order.
 * @returns whether the file was written (false: canceled).
 */
export async function exportClientesView(
  view: PagedView,
  clientes: number,
  signal: AbortSignal,
  onProgress: (feitos: number, total: number | undefined) => void,
  sink: CsvSink = downloadSink(),
  viewClientes?: number,
): Promise<boolean> {
  // A view small against the portfolio (its count known from the list) costs less in its own pages.
  const small = viewClientes !== undefined && viewClientes * EXPORT_PAGED_CLIENT_COST < clientes;
  if (!small && clientes <= EXPORT_WHOLE_LIST_MAX && wholeListServes(view)) {
    const rows = await readWholeView(view, signal).catch(async (err: unknown) => {
      await sink.abort();
      throw err;
    });
    if (rows) return writeRows(inParts(rows), signal, onProgress, sink);
  }
  return exportClientesPaged(view, signal, onProgress, sink);
}

/** The tarefas of a query (every page, by `quando`), as `tarefas-2026-11-27.csv`, written page by page. */
export async function exportTarefas(query: TarefasQuery): Promise<void> {
  const columns = tarefaColumns();
  const parts: BlobPart[] = [new Blob([BOM + csvHeader(columns)])];
  for await (const page of readTarefaPages({ ...query, limit: LIMITS.tarefa.page.max })) parts.push(new Blob([csvLines(columns, page.itens)]));
  download(fileName('tarefas'), new Blob(parts, { type: 'text/csv;charset=utf-8' }));
}
