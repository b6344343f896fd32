/**
 * The tarefas as the pages use them: their pages by `quando` (read on until the agenda's near
 * sections are whole), the team, the writes (each makes every tarefa list, count and client read
 * again: a client embeds its next tarefa).
 */
import { useCallback, useEffect, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LIMITS, type Equipe, type PaginaTarefas, type Tarefa, type TarefasResumo, type TipoTarefa } from '@contract';
import { ApiRequestError } from '../api/http.ts';
import { createTarefa, EQUIPE_PATH, isTarefasKey, removeTarefa, resumoTarefasPath, tarefasPath, updateTarefa, type TarefaBody, type TarefaChange, type TarefasQuery } from '../api/tarefas.ts';
import { clientes } from './resources.ts';
import type { Session } from './session.ts';
import { cursorPageKey } from './paging.ts';
import { addDays, companyTimeZone, dayIn } from './zoned.ts';

/** Tarefas per page read (the API's largest). */
export const TAREFAS_PAGE = LIMITS.tarefa.page.max;
/** Pages read on their own before 'Mostrar mais' takes over (a team's long backlog stays bounded). */
export const TAREFAS_AUTO_PAGES = 10;

export interface TarefasPages {
  itens: Tarefa[];
  isLoading: boolean;
  error: unknown;
  /** More pages on the server. */
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  refresh: () => Promise<unknown>;
}

/**
 * A query's tarefas, page after page, the next page read on its own while `keepReading(itens,
 * pages read)` says so; then 'Mostrar mais'.
 */
function usePagesWhile(query: TarefasQuery | null, keepReading: (itens: readonly Tarefa[], size: number) => boolean): TarefasPages {
  const first = query ? tarefasPath({ limit: TAREFAS_PAGE, ...query }) : null;
  const key = useMemo(() => (first ? cursorPageKey(first) : () => null), [first]);
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<PaginaTarefas>(key, { revalidateFirstPage: false, revalidateAll: false });
  const itens = useMemo(() => data?.flatMap((p) => p.itens) ?? [], [data]);
  const last = data?.at(-1);
  const more = last !== undefined && last.cursor !== null;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  const wantsMore = more && !loadingMore && !error && keepReading(itens, size);
  useEffect(() => {
    if (wantsMore) void setSize((s) => s + 1);
  }, [wantsMore, setSize]);
  const loadMore = useCallback(() => void setSize((s) => s + 1), [setSize]);
  return { itens, isLoading, error, more, loadingMore, loadMore, refresh: mutate };
}

/**
 * A query's tarefas, page after page. `until` (a day, company zone): pages are read on their own
 * while the last one read ends before it (so the sections up to that day are whole), up to
 * TAREFAS_AUTO_PAGES; then 'Mostrar mais'.
 */
export function useTarefasPages(query: TarefasQuery | null, until?: string): TarefasPages {
  const keepReading = useCallback(
    (itens: readonly Tarefa[], size: number) => {
      const lastDay = itens.length ? dayIn(new Date(itens.at(-1)!.quando), companyTimeZone()) : undefined;
      return until !== undefined && lastDay !== undefined && lastDay <= until && size < TAREFAS_AUTO_PAGES;
    },
    [until],
  );
  return usePagesWhile(query, keepReading);
}

/** Pages of *Sem responsável ativo* read on their own (each reads a bounded part of the team's pending tarefas, maybe finding none). */
export const SEM_RESPONSAVEL_AUTO_PAGES = 20;

/**
 * The team's pending tarefas whose responsavel is no longer an active user, as the server finds
 * them (`semResponsavelAtivo`: every date, not only the pages the agenda read). A page may come
 * back short or empty with a cursor (the server reads the team's tarefas a part at a time): pages
 * are read on their own until a page's worth is found or SEM_RESPONSAVEL_AUTO_PAGES; then
 * 'Mostrar mais'. `enabled` only with sign-in.
 */
export function useSemResponsavelPages(enabled: boolean, tipo?: TipoTarefa): TarefasPages {
  const query = useMemo<TarefasQuery | null>(() => (enabled ? { status: 'pendente', semResponsavelAtivo: true, ...(tipo ? { tipo } : {}) } : null), [enabled, tipo]);
  const keepReading = useCallback((itens: readonly Tarefa[], size: number) => itens.length < TAREFAS_PAGE && size < SEM_RESPONSAVEL_AUTO_PAGES, []);
  return usePagesWhile(query, keepReading);
}

/** The last day of the agenda's *Próximos 7 dias*: the pages are read on their own up to it. */
export const agendaHorizon = (now: Date = new Date(), zone: string = companyTimeZone()): string => addDays(dayIn(now, zone), 7);

/** The counts of one person (`me`, an e-mail) or the team (none). */
export const useResumoTarefas = (responsavel: string | undefined, enabled = true) => useSWR<TarefasResumo>(enabled ? resumoTarefasPath(responsavel) : null);

/** The team a tarefa may be assigned to (empty in the open mode). */
export const useEquipe = (enabled = true) => useSWR<Equipe>(enabled ? EQUIPE_PATH : null);

/** True for a 409: someone changed the tarefa since it was read. */
export const isConflict = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 409;

/** A client read (the list, one record: a fresh record's key is `[path, mount]`): it embeds the next tarefa. */
function isClientesKey(key: unknown): boolean {
  const path = Array.isArray(key) ? (key[0] as unknown) : key;
  return typeof path === 'string' && (path === clientes.path || path.startsWith(`${clientes.path}/`) || path.startsWith(`${clientes.path}?`));
}

/** Every read a tarefa write changes: the tarefa lists and counts, and the clients (their next tarefa). */
export const isTarefaReadKey = (key: unknown): boolean => isTarefasKey(key) || isClientesKey(key);

/**
 * Who may delete (or reassign) a tarefa, as the API decides it: its `responsavel` or an
 * administrator (the server checks that one live); everyone in the open mode.
 */
export function mayDeleteTarefa(session: Session, tarefa: Pick<Tarefa, 'responsavel'>): boolean {
  if (session.status === 'off') return true;
  if (session.status !== 'signedIn') return false;
  return session.user.admin || session.user.email.toLowerCase() === tarefa.responsavel.toLowerCase();
}

/**
 * The tarefa writes, each followed by a fresh read of every tarefa list and count and of the
 * clients (their next tarefa). SWR's filtered mutate skips paged (useSWRInfinite) reads: a page
 * refreshes its own after a write.
 */
export function useTarefaWrites() {
  const { mutate } = useSWRConfig();
  const refreshAll = useCallback(() => mutate(isTarefaReadKey), [mutate]);
  return useMemo(
    () => ({
      refreshAll,
      async create(body: TarefaBody, idempotencyKey: string): Promise<Tarefa> {
        const t = await createTarefa(body, idempotencyKey);
        void refreshAll();
        return t;
      },
      async update(id: number, change: TarefaChange): Promise<Tarefa> {
        try {
          return await updateTarefa(id, change);
        } finally {
          // Also after a 409: the lists then show the tarefa as it is now.
          void refreshAll();
        }
      },
      /** To the trash (the Desfazer bar restores it). */
      async remove(id: number): Promise<void> {
        try {
          await removeTarefa(id);
        } finally {
          void refreshAll();
        }
      },
    }),
    [refreshAll],
  );
}
