/**
 * The records' editable wire fields: ONE list per kind. The history diffs an update over it
 * (lambdas/services/historico.ts), so a field added here is recorded without touching the
 * history code. Issue 17 appends the client's new fields to CLIENTE_FIELDS.
 */
import type { Tipo } from './types.ts';

/** A client's editable fields (`categoria`: the embedded `{id, descricao}`, compared by id). */
export const CLIENTE_FIELDS = ['nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoria'] as const;

/** A category's editable fields. */
export const CATEGORIA_FIELDS = ['descricao'] as const;

/** The kinds of record the history and the trash name, as the wire spells them. */
export const TIPOS: readonly Tipo[] = ['produto', 'categoria'];
