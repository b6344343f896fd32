/** The import API as the import pages call it: the job, its batches one at a time, its undo. */
import { MESSAGES, type Categoria, type Importacao, type ImportacaoDesfazerResultado, type ImportacaoDetalhe, type ImportacaoLoteResultado, type ImportacaoRestaurarResultado } from '@contract';
import { ApiRequestError, apiRequest, createOnce } from '../../lib/api-client.ts';

/** The imports' list (GET /importacoes, paged): its SWR key. */
export const IMPORTACOES_PATH = '/importacoes';

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

/** Starts an import (one key per run: a retried start creates one job); `assinatura`: the file's SHA-256, to continue it later. */
export const startImportacao = (total: number, arquivo: string, assinatura: string | undefined, key: string): Promise<Importacao> =>
  createOnce<Importacao>('/importacoes', { total, arquivo, ...(assinatura ? { assinatura } : {}) }, `${key}-inicio`);

/** One import with the lines of its file it created (what continuing it skips). */
export const readImportacao = (id: number): Promise<ImportacaoDetalhe> => apiRequest<ImportacaoDetalhe>(`${IMPORTACOES_PATH}/${id}`);

/** A category the rows name, created under the import (its undo deletes it too). */
export const createCategoria = (id: number, descricao: string, key: string): Promise<Categoria> =>
  createOnce<Categoria>(`/importacoes/${id}/categorias`, { descricao }, key);

/**
 * One batch, under a key that names it: sent again (a retry) it creates nothing twice; a line the
 * import created already (a continued import) is answered with its client. `fim`: the file's last batch.
 */
export const sendLote = (id: number, linhas: { linha: number; cliente: unknown }[], key: string, fim: boolean): Promise<ImportacaoLoteResultado> =>
  withRetries(() =>
    apiRequest<ImportacaoLoteResultado>(`/importacoes/${id}/lotes`, { method: 'POST', body: fim ? { linhas, fim } : { linhas }, headers: { 'Idempotency-Key': key } }),
  );

/** One undo step. */
export const undoStep = (id: number): Promise<ImportacaoDesfazerResultado> =>
  withRetries(() => apiRequest<ImportacaoDesfazerResultado>(`/importacoes/${id}/desfazer`, { method: 'POST' }));

/** One restore step of an undone import (its records back from the trash, 100 a call). */
export const restoreStep = (id: number): Promise<ImportacaoRestaurarResultado> =>
  withRetries(() => apiRequest<ImportacaoRestaurarResultado>(`/importacoes/${id}/restaurar`, { method: 'POST' }));
