/**
 * What a write's outcome means to the caller: the one mapping from the store's typed outcomes
 * to API errors, and the read-then-write loop that retries a write whose reads went stale.
 */
import { MESSAGES } from '../contract/messages.ts';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError, type ApiError } from '../errors.ts';
import type { AggregateOutcome } from '../store/aggregates.ts';
import type { CategoriaOutcome } from '../store/categorias.ts';
import type { IdempotencyOutcome } from '../store/idempotency.ts';
import type { ImportacaoOutcome } from '../store/importacoes.ts';
import type { NameOutcome } from '../store/names.ts';
import { backoff, type WriteOutcome } from '../store/write.ts';

/** Every outcome the store's writes declare. */
export type Outcome = WriteOutcome | AggregateOutcome | CategoriaOutcome | NameOutcome | IdempotencyOutcome | ImportacaoOutcome;

/**
 * Read-then-write attempts when what was read changed before the conditional write (another
 * writer won); each retry waits a jittered backoff so racing writers spread out.
 */
export const WRITE_ATTEMPTS = 8;

/** Returned by an attempt of `readThenWrite` to read again and retry. */
export const AGAIN = Symbol('again');

/** Runs `attempt` until it returns an answer; a write still racing after WRITE_ATTEMPTS is a 409. */
export async function readThenWrite<T>(attempt: () => Promise<T | typeof AGAIN>): Promise<T> {
  for (let n = 1; n <= WRITE_ATTEMPTS; n++) {
    if (n > 1) await backoff(n - 1);
    const answer = await attempt();
    if (answer !== AGAIN) return answer;
  }
  throw new ConflictError(MESSAGES.conflitoConcorrente);
}

/**
 * The error for an outcome no retry changes. `notFound` names the record's own message;
 * `busy` says a create with an Idempotency-Key may still be running elsewhere.
 */
export function errorFor(outcome: Outcome, context: { notFound: string; idempotent?: boolean }): ApiError {
  switch (outcome.kind) {
    case 'notFound':
      return new NotFoundError(context.notFound);
    case 'categoriaMissing':
      return new BadRequestError(MESSAGES.categoriaInexistente(outcome.id), 'categoria.id');
    case 'hasClientes':
      return new ConflictError(MESSAGES.categoriaComClientes);
    case 'staleVersao':
      return new ConflictError(MESSAGES.conflitoVersao);
    case 'keyReused':
      return new UnprocessableError(MESSAGES.idempotenciaCorpoDiferente);
    case 'busy':
      return new ConflictError(context.idempotent ? MESSAGES.idempotenciaEmAndamento : MESSAGES.conflitoConcorrente);
    case 'importacaoEncerrada':
      return new ConflictError(outcome.estado === 'concluida' ? MESSAGES.importacaoConcluida : MESSAGES.importacaoDesfeita);
    case 'importacaoCheia':
      return new ConflictError(MESSAGES.importacaoAlemDoTotal(outcome.total));
    case 'changed':
    case 'linhaImportada':
    case 'nameTaken':
    case 'documentoTaken':
    case 'keyReplayed':
      // Handled by the caller (retry, message naming the holder, replay); reaching here is a bug.
      throw new Error(`Outcome ${outcome.kind} must be handled by the service`);
  }
}
