import { parseClienteInput } from '../../contract/schemas.ts';
import { creating } from '../../http/index.ts';
import { createCliente } from '../../services/clientes.ts';

/** POST /produtos: 201 with the created client; honours `Idempotency-Key` (scoped to this route). */
export const handler = creating(parseClienteInput, createCliente);
