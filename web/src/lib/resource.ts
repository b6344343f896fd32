import { useMemo } from 'react';
import useSWR, { useSWRConfig, type ScopedMutator, type SWRResponse } from 'swr';
import type { Update } from '@contract';
import type { RecordRequests } from '../api/records.ts';
import { useFreshRecord, useStoredList } from './hooks.ts';

/** A record the API stores: a numeric id and an optimistic-lock version. */
export interface Versioned {
  id: number;
  versao: number;
}

/** The writes of one resource, bound to an SWR cache: each keeps the cached list in step. */
export interface ResourceActions<R extends Versioned, B> {
  /** POST with an idempotency key (one per submission); the list cache gets the new record. */
  create(body: B, idempotencyKey: string): Promise<R>;
  /** PUT (id and the loaded `versao` in the body); the list follows the server's answer. */
  update(body: Update<B>): Promise<R>;
  /** DELETE; the list cache drops the record. */
  remove(id: number): Promise<void>;
  /** The record as the API has it now (e.g. after a 409), also put into the cached list. */
  read(id: number): Promise<R>;
  /** Reads the list again (after a failed write the cache may be stale). */
  refresh(): void;
}

/** One REST resource of the API, as the web reads and writes it. */
export interface Resource<R extends Versioned, B> {
  /** The API path of the list (`/categorias`), also its SWR key. */
  readonly path: string;
  /** The API path of one record (`/categorias/7`). */
  readonly recordPath: (id: number | string) => string;
  /** The whole list (`enabled` false: none read): shared and cached, read again as a page starts showing it. */
  useList(enabled?: boolean): SWRResponse<R[]>;
  /** The list only if some page already loaded it: never a request of its own. */
  useCachedList(): R[] | undefined;
  /** One record for an edit or delete page, read fresh on every visit (its `versao` is the one a save sends back). */
  useRecord(id: string | undefined): { data: R | undefined; error: unknown };
  /** The writes, bound to the app's SWR cache. */
  useActions(): ResourceActions<R, B>;
  /** The writes for a given cache's mutate. */
  actions(mutate: ScopedMutator): ResourceActions<R, B>;
}

const byId = (a: Versioned, b: Versioned) => a.id - b.id;
const CACHE_ONLY = { revalidateOnMount: false, revalidateIfStale: false, revalidateOnReconnect: false } as const;

/**
 * The resource of `requests`, bound to SWR. `dependents` are other lists that embed this
 * resource's records (clients embed their category's descricao): an update makes them read again.
 */
export function defineResource<R extends Versioned, B>(requests: RecordRequests<R, B>, { dependents = [] }: { dependents?: readonly string[] } = {}): Resource<R, B> {
  const { path, recordPath } = requests;

  function actions(mutate: ScopedMutator): ResourceActions<R, B> {
    const put = (record: R) =>
      mutate<R[]>(path, (list) => (list ? [...list.filter((r) => r.id !== record.id), record].sort(byId) : list), { revalidate: false });
    return {
      async create(body, idempotencyKey) {
        const created = await requests.create(body, idempotencyKey);
        await put(created);
        return created;
      },
      async update(body) {
        const updated = await requests.update(body);
        await put(updated);
        for (const key of dependents) void mutate(key);
        return updated;
      },
      async remove(id) {
        await requests.remove(id);
        await mutate<R[]>(path, (list) => list?.filter((r) => r.id !== id), { revalidate: false });
      },
      async read(id) {
        const current = await requests.read(id);
        await put(current);
        return current;
      },
      refresh: () => void mutate(path),
    };
  }

  return {
    path,
    recordPath,
    useList: (enabled = true) => useStoredList<R[]>(enabled ? path : null),
    useCachedList: () => useSWR<R[]>(path, CACHE_ONLY).data,
    useRecord: (id) => useFreshRecord<R>(id ? recordPath(id) : null),
    useActions() {
      const { mutate } = useSWRConfig();
      return useMemo(() => actions(mutate), [mutate]);
    },
    actions,
  };
}
