import { parseTarefaInput } from '../../contract/schemas.ts';
import { creating } from '../../http/index.ts';
import { createTarefa } from '../../services/tarefas.ts';

/** POST /tarefas: 201 with the created tarefa; honours `Idempotency-Key` (scoped to this route and caller). */
export const handler = creating(parseTarefaInput, createTarefa);
