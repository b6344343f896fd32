import type { CategoriaRef, Cliente, ClienteContatoInput } from '@contract';
import { recordRequests } from './records.ts';

/** What the web sends for a client: the spec's shape, its category embedded (or null), and the contact fields (null: none). */
export interface ClienteBody extends ClienteContatoInput {
  nome: string;
  segmento: string;
  pontoFocal: string;
  valorContrato: number;
  categoria: CategoriaRef | null;
}

/** The clients: the wire calls them `produtos`. */
export const clientesApi = recordRequests<Cliente, ClienteBody>('/produtos');
