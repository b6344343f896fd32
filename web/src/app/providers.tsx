import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from '../api/http.ts';
import { useSessionGeneration } from '../lib/session.ts';
import './session-effects.ts';

/**
 * THE SWR configuration. Errors are not retried (the page offers 'Tentar novamente', and a
 * retry must never repeat an error toast); big lists are not refetched on focus.
 */
export const swrConfig: SWRConfiguration = {
  fetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: true,
  shouldRetryOnError: false,
  dedupingInterval: 2_000,
  keepPreviousData: false,
};

/**
 * App-wide providers, inside the router. Each session gets a cache of its own: when one ends
 * (Sair, expired) the pages remount on a new, empty cache, so no record the previous user read
 * stays in memory (a request still in flight lands in the old cache, which is dropped).
 * `extra` lets tests give each test its own cache.
 */
export function AppProviders({ children, extra }: { children: ReactNode; extra?: SWRConfiguration }) {
  const generation = useSessionGeneration();
  return (
    <SWRConfig key={generation} value={{ ...swrConfig, provider: () => new Map(), ...extra }}>
      {children}
    </SWRConfig>
  );
}
