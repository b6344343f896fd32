import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { reasonOf } from './api-client.ts';
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

/** navigate() after a delay, cancelled if the page unmounts first. */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to), delayMs);
    },
    [navigate],
  );
}

/** True until `ms` have passed since the component mounted. */
export function useMinimumHold(ms: number): boolean {
  const [holding, setHolding] = useState(ms > 0);
  useEffect(() => {
    if (ms <= 0) return;
    const t = setTimeout(() => setHolding(false), ms);
    return () => clearTimeout(t);
  }, [ms, setHolding]);
  return holding;
}

