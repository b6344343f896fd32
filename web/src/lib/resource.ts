import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { unstable_serialize, useSWRConfig, type ScopedMutator, type SWRResponse } from 'swr';
import type { Update } from '@contract';
import { fetcher } from '../api/http.ts';
import type { RecordRequests } from '../api/records.ts';

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
