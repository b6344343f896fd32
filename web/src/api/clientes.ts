import type { CategoriaRef, Cliente, ClienteContatoInput, ObservacaoCliente, Pagina } from '@contract';
import { apiRequest } from './http.ts';
import { recordRequests } from './records.ts';

/** What the web sends for a client: the spec's shape, its category embedded (or null), and the contact fields (null: none). */
export interface ClienteBody extends ClienteContatoInput {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
}

/** The clients: the wire calls them `produtos`. */
export const clientesApi = recordRequests<Cliente, ClienteBody>('/produtos');

/** The notes of every client that has some, page by page (GET /observacoes): the list leaves them out. */
export async function readObservacoes(): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  let cursor: string | null = null;
  do {
    const page: Pagina<ObservacaoCliente> = await apiRequest(cursor === null ? '/observacoes' : `/observacoes?cursor=${encodeURIComponent(cursor)}`);
    for (const n of page.itens) notes.set(n.id, n.observacoes);
    cursor = page.cursor;
  } while (cursor !== null);
  return notes;
}
