import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Tipo } from '@contract';

/** What a delete page hands to the list it goes back to: the record just deleted. */
export interface Excluido {
  tipo: Tipo;
  id: number;
  nome: string;
}

/** A delete whose bar may show; `vez` tells this delete from any other. */
export interface Exclusao extends Excluido {
  vez: number;
}

/**
 * The one delete whose bar may show, in memory only: a reload forgets it, and so does leaving the
 * list page (UndoBar's cleanup), using the bar or dismissing it. The history state carries only
 * which delete it is (`{ tipo, id, vez }`): never the record's name, which would outlive Sair.
 */
let pending: Exclusao | undefined;

/** Forgets the delete: its bar shows nowhere any more. */
export function forgetUndo(): void {
  pending = undefined;
}

/** The navigation state a delete leaves for the list page (read by UndoBar). */
export function undoState(excluido: Excluido): { excluido: Pick<Exclusao, 'tipo' | 'id' | 'vez'> } {
  const vez = Date.now() + Math.random();
  pending = { ...excluido, vez };
  return { excluido: { tipo: excluido.tipo, id: excluido.id, vez } };
}

// The bar's code (the restore, its toasts) loads only after a delete: a list page carries none of it.
const Bar = lazy(() => import('./UndoBarBody.tsx'));

/**
 * "Cliente excluído. Desfazer" on a list page after a delete: it stays until it is used,
 * dismissed, or the page is left. It shows on the list's history entries that carry the delete
 * (the list's own view changes carry it along: lib/clientes-url.ts), while the page stays; once
 * the page is left (another page, a reload, Sair), Back to it shows none. Desfazer restores the
 * record with its id; the list shows it where it was.
 */
export function UndoBar() {
  const vez = (useLocation().state as { excluido?: { vez?: unknown } } | null)?.excluido?.vez;
  const live = pending !== undefined && pending.vez === vez ? pending : undefined;
  useEffect(() => {
    if (!live) return;
    // Mounted again at once (StrictMode's check) after the cleanup below: still the same page.
    pending = live;
    // The page is left (or the entry shown no longer carries this delete): the bar ends.
    return () => {
      if (pending === live) pending = undefined;
    };
  }, [live]);
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <Bar excluido={live} />
    </Suspense>
  );
}
