import { parseCategoriaInput } from '../../contract/schemas.ts';
import { creating } from '../../http/index.ts';
import { createCategoria } from '../../services/categorias.ts';

/** POST /categorias: 201 with the created record; honours `Idempotency-Key` (scoped to this route). */
export const handler = creating(parseCategoriaInput, createCategoria);
