/**
 * The import's lookup of stored clients (POST /produtos/existentes): a module of its own, so the
 * clients' requests that every list and the home load do not carry the contract's limits with them.
 */
import { LIMITS, type Cliente } from '@contract';
import { apiRequest } from './http.ts';

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
