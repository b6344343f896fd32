/** The import API (issue 18) as the import pages call it: the job, its batches one at a time, its undo. */
import { LIMITS, MESSAGES, type Categoria, type Importacao, type ImportacaoDesfazerResultado, type ImportacaoLoteResultado } from '@contract';
import { ApiRequestError, apiRequest, createOnce } from '../../lib/api-client.ts';

/** Attempts of one batch or undo step: a lost connection or a busy server is retried with the same key. */
const ATTEMPTS = 5;

/** A lost connection, a server error or throttling, or a write still racing: worth the same request again. */
const retriable = (err: unknown) =>
  !(err instanceof ApiRequestError) ||
  err.status >= 500 ||
  err.status === 429 ||
  (err.status === 409 && (err.mensagem === MESSAGES.idempotenciaEmAndamento || err.mensagem === MESSAGES.conflitoConcorrente));

async function withRetries<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (attempt >= ATTEMPTS || !retriable(err)) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
}

/** Starts an import (one key per run: a retried start creates one job). */
export const startImportacao = (total: number, arquivo: string, key: string): Promise<Importacao> =>
  createOnce<Importacao>('/importacoes', { total, arquivo }, `${key}-inicio`);

/** A category the rows name, created under the import (its undo deletes it too). */
export const createCategoria = (id: number, descricao: string, key: string): Promise<Categoria> =>
  createOnce<Categoria>(`/importacoes/${id}/categorias`, { descricao }, key);

/** One batch, under a key that names it: sent again (a retry, a resumed import) it creates nothing twice. */
export const sendLote = (id: number, linhas: { linha: number; cliente: unknown }[], key: string): Promise<ImportacaoLoteResultado> =>
  withRetries(() => apiRequest<ImportacaoLoteResultado>(`/importacoes/${id}/lotes`, { method: 'POST', body: { linhas }, headers: { 'Idempotency-Key': key } }));

/** One undo step. */
export const undoStep = (id: number): Promise<ImportacaoDesfazerResultado> =>
  withRetries(() => apiRequest<ImportacaoDesfazerResultado>(`/importacoes/${id}/desfazer`, { method: 'POST' }));

export const BATCH_ROWS = LIMITS.importacao.linhasPorLote;
