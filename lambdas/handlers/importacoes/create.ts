import { parseImportacaoInput } from '../../contract/schemas.ts';
import { creating } from '../../http/index.ts';
import { createImportacao } from '../../services/importacoes.ts';

/** POST /importacoes: 201 with the new import job (its author is the caller); honours `Idempotency-Key`. */
export const handler = creating(parseImportacaoInput, createImportacao);
