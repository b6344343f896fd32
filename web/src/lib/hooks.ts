import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR, { unstable_serialize, useSWRConfig, type SWRResponse } from 'swr';
import { fetcher, reasonOf } from '../api/http.ts';
import { notifyError } from './toast.tsx';

/**
 * A record that fails to load for an edit or delete page: the spec's load error toast (once)
 * and back to its list.
 */
export function useLoadFailure(error: unknown, message: string, listPath: string): void {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (!error || shown.current) return;
    shown.current = true;
    notifyError(message, reasonOf(error));
    navigate(listPath, { replace: true });
  }, [error, message, listPath, navigate]);
}

let mounts = 0;
const fetchPath = <T>([path]: readonly [string, number]) => fetcher<T>(path);

/**
 * One record for an edit or delete page, read by this visit of the page: its own cache entry,
 * so an older copy (with an older `versao`) or an older error never shows while the read runs.
 * `data` and `error` are this read's; the entry is dropped when the page leaves.
 */
export function useFreshRecord<T>(path: string | null): { data: T | undefined; error: unknown } {
  const [mount] = useState(() => ++mounts);
  const key = path === null ? null : ([path, mount] as const);
  const { cache } = useSWRConfig();
  const { data, error } = useSWR<T, unknown, typeof key>(key, fetchPath<T>);
  useEffect(() => {
    if (path === null) return;
    const serialized = unstable_serialize([path, mount]);
    return () => cache.delete(serialized);
  }, [path, mount, cache]);
  return { data, error };
}

/**
 * A shared list as stored now, for a page that shows it. The cached copy shows at once, but SWR
 * reuses any read of the last seconds (its dedupe window) instead of reading again, so a record
 * another tab wrote meanwhile was missing when the user came back to the list. Here the list is
 * read once as the page starts showing it: a cached copy is read again at once (one request,
 * SWR's own stale read is off); without one, SWR's first read is that read.
 */
export function useStoredList<T>(path: string | null): SWRResponse<T> {
  const list = useSWR<T>(path, { revalidateIfStale: false });
  const { data, mutate } = list;
  const read = useRef<string | null>(null);
  useEffect(() => {
    if (path === null || read.current === path) return;
    read.current = path;
    if (data !== undefined) void mutate();
  }, [path, data, mutate]);
  return list;
}

/**
 * A shared list's error as this page should see it. SWR keeps an error until a read succeeds,
 * and may skip a re-read within its dedupe window: an error cached by an earlier page makes
 * this page read again at once, and only a failure of that read (a new error) is returned.
 */
export function useOwnError(error: unknown, reload: () => unknown): unknown {
  const [earlier] = useState(error);
  useEffect(() => {
    if (earlier) void reload();
  }, [earlier, reload]);
  return error === earlier ? undefined : error;
}

/** navigate() after a delay, cancelled if the page unmounts first. */
export function useDelayedNavigate(): (to: string, delayMs: number, state?: unknown) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, state?: unknown) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to, state === undefined ? undefined : { state }), delayMs);
    },
    [navigate],
  );
}

/** What an app session has done already, by its SWR cache (one per app, one per test render). */
const sessions = new WeakMap<object, Set<string>>();

/**
 * True until `ms` have passed since the component mounted, the first time `key` mounts in this
 * app session; false from the start after that (the hold is for a page's first load only).
 */
export function useFirstLoadHold(key: string, ms: number): boolean {
  const { cache } = useSWRConfig();
  const [holding, setHolding] = useState(() => ms > 0 && !sessions.get(cache)?.has(key));
  useEffect(() => {
    const done = sessions.get(cache) ?? new Set<string>();
    sessions.set(cache, done.add(key));
    if (!holding) return;
    const t = setTimeout(() => setHolding(false), ms);
    return () => clearTimeout(t);
  }, [cache, key, ms, holding]);
  return holding;
}


/** How often a page's "now" moves on (relative days and the agenda's sections follow it). */
export const NOW_TICK = 60_000;

/** The current time, moving on every NOW_TICK while the page is open (a day turning moves tarefas to Atrasadas). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_TICK);
    return () => clearInterval(timer);
  }, []);
  return now;
}
