/**
 * The one pending delete's undo, in memory: what the delete pages leave and UndoBar and its body
 * read (apart from both, so the bar's lazy body does not import the bar back).
 */
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

/** The delete whose bar may show, if any. */
export const pendingUndo = (): Exclusao | undefined => pending;

/** Marks `exclusao` as the one whose bar shows (again: StrictMode mounts twice). */
export function keepUndo(exclusao: Exclusao): void {
  pending = exclusao;
}

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
