import type { Update } from '@contract';
import { apiRequest, createOnce } from './http.ts';

/** The requests of one REST resource of the API (a list, its records, their writes). */
export interface RecordRequests<R, B> {
  /** The API path of the list (`/categorias`), also its SWR key (the app's fetcher reads it). */
  readonly path: string;
  /** The API path of one record (`/categorias/7`). */
  readonly recordPath: (id: number | string) => string;
  /** POST under an idempotency key (one per submission): a lost connection is retried with it. */
  create(body: B, idempotencyKey: string): Promise<R>;
  /** PUT, with the id and the loaded `versao` in the body. */
  update(body: Update<B>): Promise<R>;
  /** DELETE of one record. */
  remove(id: number): Promise<void>;
  /** GET of one record, as the API has it now. */
  read(id: number | string): Promise<R>;
}

/** The requests of the resource at `path`. */
export function recordRequests<R, B>(path: string): RecordRequests<R, B> {
  const recordPath = (id: number | string) => `${path}/${id}`;
  return {
    path,
    recordPath,
    create: (body, idempotencyKey) => createOnce<R>(path, body, idempotencyKey),
    update: (body) => apiRequest<R>(path, { method: 'PUT', body }),
    remove: (id) => apiRequest<void>(recordPath(id), { method: 'DELETE' }),
    read: (id) => apiRequest<R>(recordPath(id)),
  };
}
