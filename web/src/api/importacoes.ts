/** The import API as the import pages call it: the job, its batches one at a time, its undo. */
import { MESSAGES, type Categoria, type Importacao, type ImportacaoDesfazerResultado, type ImportacaoDetalhe, type ImportacaoLoteResultado, type ImportacaoRestaurarResultado } from '@contract';
import { ApiRequestError, apiRequest, createOnce, withRetries, type RetryPolicy } from './http.ts';

/** The imports' list (GET /importacoes, paged): its SWR key. */
export const IMPORTACOES_PATH = '/importacoes';

/**
 * One batch or undo step: a lost connection, a server error or throttling, or a write still racing
 * is worth the same request again (under the same key), five attempts in all, waiting longer each time.
 */
const STEP_RETRY: RetryPolicy = {
  attempts: 5,
  retriable: (err) =>
    !(err instanceof ApiRequestError) ||
    err.status >= 500 ||
    err.status === 429 ||
    (err.status === 409 && (err.mensagem === MESSAGES.idempotenciaEmAndamento || err.mensagem === MESSAGES.conflitoConcorrente)),
  delayMs: (attempt) => 250 * 2 ** attempt,
};

/** Starts an import (one key per run: a retried start creates one job); `assinatura`: the file's SHA-256, to continue it later. */
export const startImportacao = (total: number, arquivo: string, assinatura: string | undefined, key: string): Promise<Importacao> =>
  createOnce<Importacao>(IMPORTACOES_PATH, { total, arquivo, ...(assinatura ? { assinatura } : {}) }, `${key}-inicio`);

/** One import with the lines of its file it created (what continuing it skips). */
export const readImportacao = (id: number): Promise<ImportacaoDetalhe> => apiRequest<ImportacaoDetalhe>(`${IMPORTACOES_PATH}/${id}`);

/** A category the rows name, created under the import (its undo deletes it too). */
export const createCategoria = (id: number, descricao: string, key: string): Promise<Categoria> =>
  createOnce<Categoria>(`${IMPORTACOES_PATH}/${id}/categorias`, { descricao }, key);

/**
 * One batch, under a key that names it: sent again (a retry) it creates nothing twice; a line the
 * import created already (a continued import) is answered with its client. `fim`: the file's last batch.
 */
export const sendLote = (id: number, linhas: { linha: number; cliente: unknown }[], key: string, fim: boolean): Promise<ImportacaoLoteResultado> =>
  withRetries(
    () => apiRequest<ImportacaoLoteResultado>(`${IMPORTACOES_PATH}/${id}/lotes`, { method: 'POST', body: fim ? { linhas, fim } : { linhas }, headers: { 'Idempotency-Key': key } }),
    STEP_RETRY,
  );

/** One undo step. */
export const undoStep = (id: number): Promise<ImportacaoDesfazerResultado> =>
  withRetries(() => apiRequest<ImportacaoDesfazerResultado>(`${IMPORTACOES_PATH}/${id}/desfazer`, { method: 'POST' }), STEP_RETRY);

/** One restore step of an undone import (its records back from the trash, 100 a call). */
export const restoreStep = (id: number): Promise<ImportacaoRestaurarResultado> =>
  withRetries(() => apiRequest<ImportacaoRestaurarResultado>(`${IMPORTACOES_PATH}/${id}/restaurar`, { method: 'POST' }), STEP_RETRY);
