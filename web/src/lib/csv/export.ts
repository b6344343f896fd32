/**
 * 'Exportar' on /clientes, /categorias and /agenda: what the list shows, as a CSV file named like
 * `clientes-2026-11-23.csv`. Loaded on click (a lazy chunk), so the lists' initial JS does not carry it.
 */
import { LIMITS, type Categoria } from '@contract';
import { readObservacoes } from '../../api/observacoes.ts';
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
  const full = clientes.map((c) => (notes.has(c.id) ? { ...c, observacoes: notes.get(c.id)! } : c));
  download(fileName('clientes'), clientesCsv(full));
}
export const exportCategorias = (categorias: readonly Categoria[]): void => download(fileName('categorias'), categoriasCsv(categorias));

/**
 * A large list's view written page by page into `sink` (by default a download of bounded Blob
 * parts: lib/csv/sink.ts), each page read with its clients' notes: one page of records is held
 * at a time, whatever the size. `onProgress` gets the clients written so far and the view's
 * count; an aborted `signal` stops before the next page and leaves no file.
 * @returns whether the file was written (false: canceled).
 */
export async function exportClientesPaged(
  view: PagedView,
  signal: AbortSignal,
  onProgress: (feitos: number, total: number | undefined) => void,
  sink: CsvSink = blobSink((file) => download(fileName('clientes'), file)),
): Promise<boolean> {
  try {
    await sink.write(BOM + csvHeader(CLIENTE_COLUMNS));
    let feitos = 0;
    for await (const page of readPages({ ...view, observacoes: true }, signal)) {
      await sink.write(csvLines(CLIENTE_COLUMNS, page.itens));
      feitos += page.itens.length;
      onProgress(feitos, page.totais?.clientes);
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

/** The tarefas of a query (every page, by `quando`), as `tarefas-2026-11-27.csv`, written page by page. */
export async function exportTarefas(query: TarefasQuery): Promise<void> {
  const columns = tarefaColumns();
  const parts: BlobPart[] = [new Blob([BOM + csvHeader(columns)])];
  for await (const page of readTarefaPages({ ...query, limit: LIMITS.tarefa.page.max })) parts.push(new Blob([csvLines(columns, page.itens)]));
  download(fileName('tarefas'), new Blob(parts, { type: 'text/csv;charset=utf-8' }));
}
