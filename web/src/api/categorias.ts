import type { Categoria, CategoriaInput } from '@contract';
import { recordRequests } from './records.ts';

/** The categories (GET/POST/PUT /categorias, GET/DELETE /categorias/:id). */
export const categoriasApi = recordRequests<Categoria, CategoriaInput>('/categorias');
