import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { forgetUndo, keepUndo, pendingUndo } from './undo-state.ts';

// The bar's code (the restore, its toasts) loads only after a delete: a list page carries none of it.
const Bar = lazy(() => import('./UndoBarBody.tsx'));

/**
 * "Cliente excluído. Desfazer" on a list page after a delete: it stays until it is used,
 * dismissed, or the page is left. It shows on the list's history entries that carry the delete
 * (the list's own view changes carry it along: lib/clientes-url.ts), while the page stays; once
 * the page is left (another page, a reload, Sair), Back to it shows none. Desfazer restores the
 * record with its id; the list shows it where it was. A page that reads by page (the agenda, a
 * client's timeline) reads again in `onRestored`.
 */
export function UndoBar({ onRestored }: { onRestored?: () => void } = {}) {
  const vez = (useLocation().state as { excluido?: { vez?: unknown } } | null)?.excluido?.vez;
  const pending = pendingUndo();
  const live = pending !== undefined && pending.vez === vez ? pending : undefined;
  useEffect(() => {
    if (!live) return;
    // Mounted again at once (StrictMode's check) after the cleanup below: still the same page.
    keepUndo(live);
    // The page is left (or the entry shown no longer carries this delete): the bar ends.
    return () => {
      if (pendingUndo() === live) forgetUndo();
    };
  }, [live]);
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <Bar excluido={live} onRestored={onRestored} />
    </Suspense>
  );
}
