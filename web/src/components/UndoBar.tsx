import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import type { Tipo } from '@contract';

/** What a delete page hands to the list it goes back to: the record just deleted. */
export interface Excluido {
  tipo: Tipo;
  id: number;
  nome: string;
}

/** A delete as the history state carries it: `vez` tells this delete from any other (history state outlives a reload). */
export interface Exclusao extends Excluido {
  vez: number;
}

/** Deletes whose bar was used or dismissed: the history entries of the list's other views carry them too. */
export const settled = new Set<number>();

/** The navigation state a delete leaves for the list page (read by UndoBar). */
export const undoState = (excluido: Excluido): { excluido: Exclusao } => ({ excluido: { ...excluido, vez: Date.now() + Math.random() } });

// The bar's code (the restore, its toasts) loads only after a delete: a list page carries none of it.
const Bar = lazy(() => import('./UndoBarBody.tsx'));

/**
 * "Cliente excluído. Desfazer" on a list page after a delete: it stays until it is used,
 * dismissed, or the page is left. It lives in the history state of the list's entries (the
 * list's own view changes carry it along: lib/clientes-url.ts), so it never comes back on another
 * visit, and once used or dismissed it shows in none of them. Desfazer restores the record with
 * its id; the list shows it where it was.
 */
export function UndoBar() {
  const excluido = (useLocation().state as { excluido?: Exclusao } | null)?.excluido;
  if (!excluido || settled.has(excluido.vez)) return null;
  return (
    <Suspense fallback={null}>
      <Bar excluido={excluido} />
    </Suspense>
  );
}
