/**
 * The stored clients an import's review compares the file's rows with (names already in use,
 * CPFs/CNPJs taken): the spec's whole list up to LIST_PAGED_ABOVE clients (the lists read it too),
 * and above it only the clients having one of the file's names or CPFs/CNPJs
 * (POST /produtos/existentes), so the review never loads a large list whole.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Cliente } from '@contract';
import { findExistingClientes } from '../../api/clientes-existentes.ts';
import type { RowCheck } from '../../lib/csv/rows.ts';
import { usePagedList } from '../../lib/paging.ts';
import { useClientes } from '../../lib/resources.ts';

/** The file's distinct names and CPFs/CNPJs, in the order first met. */
function askedBy(checks: readonly RowCheck[]): { nomes: string[]; documentos: string[] } {
  const nomes = new Set<string>();
  const documentos = new Set<string>();
  for (const c of checks) {
    if (!c.row) continue;
    nomes.add(c.row.nome);
    if (c.row.documento) documentos.add(c.row.documento);
  }
  return { nomes: [...nomes], documentos: [...documentos] };
}

/** The clients the review of `checks` needs (undefined while loading), and the error of their read. */
export function useExistingClientes(checks: readonly RowCheck[]): { data: readonly Cliente[] | undefined; error: unknown } {
  const paged = usePagedList();
  const whole = useClientes(paged === false);
  // A new mapping re-checks the rows; the lookup runs again only when what it asks changes.
  const signature = useMemo(() => JSON.stringify(askedBy(checks)), [checks]);
  const [found, setFound] = useState<{ signature: string; data?: Cliente[]; error?: unknown }>();
  useEffect(() => {
    if (!paged) return;
    const { nomes, documentos } = JSON.parse(signature) as ReturnType<typeof askedBy>;
    const abort = new AbortController();
    findExistingClientes(nomes, documentos, abort.signal).then(
      (data) => setFound({ signature, data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setFound({ signature, error });
      },
    );
    return () => abort.abort();
  }, [paged, signature]);
  if (paged === undefined) return { data: undefined, error: undefined };
  if (!paged) return { data: whole.data, error: whole.error };
  return found?.signature === signature ? { data: found.data, error: found.error } : { data: undefined, error: undefined };
}
