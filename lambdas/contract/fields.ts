/**
 * The records' editable wire fields: ONE list per kind (a client's, CLIENTE_FIELDS, is in
 * cliente.ts with its fields' checks). The history diffs an update over it
 * (lambdas/services/historico.ts), so a field added there is recorded without touching the
 * history code.
 */
import type { Tipo } from './types.ts';

/** A category's editable fields. */
export const CATEGORIA_FIELDS = ['descricao'] as const;

/** The kinds of record the history and the trash name, as the wire spells them. */
export const TIPOS: readonly Tipo[] = ['produto', 'categoria', 'tarefa'];
