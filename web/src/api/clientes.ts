import { LIMITS, type CategoriaRef, type Cliente, type ClienteContatoInput, type ObservacaoCliente, type Pagina } from '@contract';
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

/** Requests of findExistingClientes in flight at once. */
const EXISTENTES_PARALLEL = 4;

/**
 * The stored clients having one of `nomes` (accents and case aside) or `documentos`
 * (POST /produtos/existentes, as many requests as the limits per request need, a few at a time),
 * sorted by id: what an import's review compares a file with, at any size of the list.
 */
export async function findExistingClientes(nomes: readonly string[], documentos: readonly string[], signal?: AbortSignal): Promise<Cliente[]> {
  const { nomesMax, documentosMax } = LIMITS.existentes;
  const bodies: { nomes: string[]; documentos: string[] }[] = [];
  for (let i = 0, j = 0; i < nomes.length || j < documentos.length; i += nomesMax, j += documentosMax) {
    bodies.push({ nomes: nomes.slice(i, i + nomesMax), documentos: documentos.slice(j, j + documentosMax) });
  }
  const found = new Map<number, Cliente>();
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      for (const c of await apiRequest<Cliente[]>('/produtos/existentes', { method: 'POST', body, signal })) found.set(c.id, c);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXISTENTES_PARALLEL, bodies.length) }, worker));
  return [...found.values()].sort((a, b) => a.id - b.id);
}
