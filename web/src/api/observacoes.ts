/** The clients' notes for the CSV export (GET /observacoes): apart from the clients' requests every list and the home load. */
import type { ObservacaoCliente, Pagina } from '@contract';
import { apiRequest } from './http.ts';

/** The notes of every client that has some, page by page (GET /observacoes): the list leaves them out. */
export async function readObservacoes(signal?: AbortSignal): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  let cursor: string | null = null;
  do {
    const page: Pagina<ObservacaoCliente> = await apiRequest(cursor === null ? '/observacoes' : `/observacoes?cursor=${encodeURIComponent(cursor)}`, signal ? { signal } : {});
    for (const n of page.itens) notes.set(n.id, n.observacoes);
    cursor = page.cursor;
  } while (cursor !== null);
  return notes;
}
