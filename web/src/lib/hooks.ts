import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { reasonOf } from '../api/http.ts';
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
