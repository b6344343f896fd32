import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from '../lib/api-client.ts';

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

/** App-wide providers. `extra` lets tests give each test its own cache. */
export function AppProviders({ children, extra }: { children: ReactNode; extra?: SWRConfiguration }) {
  return <SWRConfig value={{ ...swrConfig, ...extra }}>{children}</SWRConfig>;
}
