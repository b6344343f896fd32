/**
 * The client import's state and requests: the steps' reducer (import-state.ts), the row review
 * (review.ts) over the categories the page passes in and the stored clients the file's rows meet
 * (existentes.ts), and the import itself, batch by batch.
 */
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { LIMITS, foldName, type Categoria, type Importacao } from '@contract';
import { ApiRequestError, newIdempotencyKey, reasonOf } from '../../api/http.ts';
import { createCategoria, readImportacao, sendLote, startImportacao } from '../../api/importacoes.ts';
import { batchEnd } from '../../lib/csv/batches.ts';
import { readCsvFile } from '../../lib/csv/read.ts';
import { checkRows, checkRowsInSteps, guessMapping, hasHeader, type ImportRow } from '../../lib/csv/rows.ts';
import { categorias as categoriasResource, clientes as clientesResource } from '../../lib/resources.ts';
import { CSV_TEXTS } from '../../texts/csv.ts';
import type { Outcome } from './components/Summary.tsx';
import { importReducer, initialImportState, type Resuming, type Run } from './import-state.ts';
import { useExistingClientes } from './existentes.ts';
import { reviewRows, rowsToSend } from './review.ts';

/** What the review compares the file with besides the clients it reads itself: the stored categories, once read. */
export interface Known {
  categorias: readonly Categoria[] | undefined;
}

/** The wire body of a row: the spec's fields, its category by id, the contact and contract fields when present. */
function bodyOf(row: ImportRow, categoriaId: number | null): Record<string, unknown> {
  const { categoria: _name, ...fields } = row;
  return { ...fields, categoria: categoriaId === null ? null : { id: categoriaId } };
}

/** The client import: its state, the review of the chosen file's rows, and the actions of each step. */
export function useClienteImport(known: Known) {
  const { mutate } = useSWRConfig();
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const cancel = useRef(false);
  const { file, mapping, header, resuming, pularDuplicados } = state;

  // The rows as they were checked while the file was read; again (at once) when the person changes the columns or the header.
  const allChecks = useMemo(() => {
    if (!file) return [];
    const ready = file.checked;
    if (ready && ready.header === header && ready.mapping.length === mapping.length && ready.mapping.every((f, j) => f === mapping[j])) return ready.checks;
    return checkRows(file.parsed.rows, mapping, header);
  }, [file, mapping, header]);
  // A continued import skips the lines it created already.
  const created = resuming?.created;
  const checks = useMemo(() => (created ? allChecks.filter((c) => !created.has(c.linha)) : allChecks), [allChecks, created]);
  const clientes = useExistingClientes(checks);
  const review = useMemo(() => reviewRows(checks, known.categorias ?? [], clientes.data ?? []), [checks, known.categorias, clientes.data]);
  const toSend = useMemo(() => rowsToSend(review, pularDuplicados), [review, pularDuplicados]);

  const chooseFile = async (chosen: File) => {
    dispatch({ type: 'reading' });
    try {
      const parsed = await readCsvFile(chosen);
      if (parsed.rows.length > LIMITS.importacao.maxLinhas + 1) throw new RangeError(CSV_TEXTS.choose.tooMany(LIMITS.importacao.maxLinhas));
      let resumed: Resuming | undefined;
      if (resuming) {
        // The same file (its SHA-256, when both sides have one), then the lines the import created.
        const { job } = resuming;
        if (job.assinatura && parsed.assinatura && job.assinatura !== parsed.assinatura) throw new RangeError(CSV_TEXTS.resume.wrongFile(job.arquivo));
        let detail;
        try {
          detail = await readImportacao(job.id);
        } catch {
          throw new RangeError(CSV_TEXTS.resume.loadFailed);
        }
        const lines = new Set<number>();
        for (const [first, last] of detail.linhas) for (let l = first; l <= last; l++) lines.add(l);
        resumed = { job: detail, created: lines };
      }
      // Checked in steps with the columns the review guesses first (the same guess): the page stays responsive.
      const header = hasHeader(parsed.rows[0]);
      const mapping = guessMapping(parsed.rows, header);
      const checked = { header, mapping, checks: await checkRowsInSteps(parsed.rows, mapping, header) };
      dispatch({ type: 'read', name: chosen.name, parsed, header, checked, resuming: resumed });
    } catch (err) {
      dispatch({ type: 'refused', error: err instanceof RangeError ? err.message : CSV_TEXTS.choose.readFailed });
    }
  };

  /**
   * Sends the batches from `start.next`, one at a time (each cut by rows and bytes, batchEnd),
   * until done, cancelled or failed; the last one says `fim` (the import is then concluded).
   */
  const sendFrom = async (start: Run) => {
    // Done unless it is cancelled or fails on the way (a resumed run starts over from 'cancelled').
    const current: Run = { ...start, outcome: { ...start.outcome, state: 'done', reason: undefined, failures: [...start.outcome.failures] } };
    cancel.current = false;
    dispatch({ type: 'sending', done: current.next, total: current.linhas.length });
    do {
      if (cancel.current) {
        current.outcome.state = 'cancelled';
        break;
      }
      const end = batchEnd(current.linhas, current.next);
      const batch = current.linhas.slice(current.next, end);
      try {
        const answer = await sendLote(
          current.jobId,
          batch.map(({ linha, cliente }) => ({ linha, cliente })),
          `${current.key}-lote-${current.next}`,
          end >= current.linhas.length,
        );
        current.outcome.created += answer.criados.length;
        const cellsOf = new Map(batch.map((l) => [l.linha, l.cells]));
        for (const f of answer.falhas) current.outcome.failures.push({ linha: f.linha, motivo: f.mensagem, cells: cellsOf.get(f.linha) ?? [] });
      } catch (err) {
        current.outcome.state = 'failed';
        current.outcome.reason = reasonOf(err);
        break;
      }
      current.next = end;
      dispatch({ type: 'progress', done: current.next });
    } while (current.next < current.linhas.length);
    dispatch({ type: 'finished', run: { ...current } });
    void mutate(categoriasResource.path);
    void mutate(clientesResource.path);
  };

  const start = async () => {
    if (!file) return;
    const key = newIdempotencyKey();
    dispatch({ type: 'starting', total: toSend.length });
    const outcome: Outcome = {
      state: 'done',
      created: 0,
      createdCategorias: 0,
      skipped: review.valid.length - toSend.length,
      ...(created ? { already: allChecks.length - checks.length } : {}),
      failures: review.invalid.map((c) => ({ linha: c.linha, motivo: c.problems.join(' '), cells: c.cells })),
    };
    try {
      const job = resuming?.job ?? (await startImportacao(toSend.length, file.name, file.parsed.assinatura, key));
      // Categories first, under the import (its undo deletes them too): the rows then name them by id.
      const ids = new Map(review.existing);
      if (state.criarCategorias && review.novas.length > 0) {
        for (const [i, descricao] of review.novas.entries()) {
          try {
            const made = await createCategoria(job.id, descricao, `${key}-categoria-${i}`);
            ids.set(foldName(descricao), made.id);
            outcome.createdCategorias++;
          } catch (err) {
            // Created meanwhile by someone else: use theirs.
            if (!(err instanceof ApiRequestError) || err.status !== 409) throw err;
            const list = await mutate<{ id: number; descricao: string }[]>(categoriasResource.path);
            const found = list?.find((c) => foldName(c.descricao) === foldName(descricao));
            if (found) ids.set(foldName(descricao), found.id);
          }
        }
        void mutate(categoriasResource.path);
      }
      const linhas = toSend.map((c) => {
        const name = c.row!.categoria;
        const id = name ? (ids.get(foldName(name)) ?? null) : null;
        return { linha: c.linha, cliente: bodyOf(c.row!, id), cells: c.cells };
      });
      await sendFrom({ key, jobId: job.id, linhas, next: 0, outcome });
    } catch (err) {
      dispatch({ type: 'finished', run: { key, jobId: 0, linhas: [], next: 0, outcome: { ...outcome, state: 'failed', reason: reasonOf(err) } } });
    }
  };

  const stop = useCallback(() => {
    cancel.current = true;
    dispatch({ type: 'cancel' });
  }, []);

  return {
    state,
    dispatch,
    /** The rows left to review (a continued import's created lines taken out) and their review. */
    checks,
    review,
    toSend,
    /** The lines an earlier run of a continued import created, once its file is chosen again. */
    created,
    /** Whether the stored clients the review compares the rows with are read. */
    clientesRead: clientes.data !== undefined,
    chooseFile,
    start,
    /** 'Continuar' in the summary: the run goes on where it stopped. */
    resumeRun: (run: Run) => void sendFrom(run),
    /** 'Continuar' in the list: the file is asked for again. */
    resumeJob: (job: Importacao) => dispatch({ type: 'resume', job }),
    cancel: stop,
  };
}
