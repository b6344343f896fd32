/**
 * The users API (admins only): the list as SWR reads it, and the actions,
 * each followed by a fresh read of the list.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { userNameOf, type Usuario } from '@contract';

export type { Usuario };
import { apiRequest, type RequestOptions } from '../../lib/api-client.ts';

export const USUARIOS_PATH = '/usuarios';
const one = (email: string) => `${USUARIOS_PATH}/${encodeURIComponent(email)}`;

/** What an administrator may do to a user. */
export type UsuarioAction = 'resend' | 'reset' | 'resetMfa' | 'disable' | 'enable' | 'makeAdmin' | 'unmakeAdmin' | 'remove';

const REQUESTS: Record<UsuarioAction, (email: string) => [string, RequestOptions]> = {
  resend: (e) => [`${one(e)}/convite`, { method: 'POST' }],
  reset: (e) => [`${one(e)}/senha`, { method: 'POST' }],
  resetMfa: (e) => [`${one(e)}/autenticador`, { method: 'DELETE' }],
  disable: (e) => [`${one(e)}/ativo`, { method: 'PUT', body: { ativo: false } }],
  enable: (e) => [`${one(e)}/ativo`, { method: 'PUT', body: { ativo: true } }],
  makeAdmin: (e) => [`${one(e)}/admin`, { method: 'PUT', body: { admin: true } }],
  unmakeAdmin: (e) => [`${one(e)}/admin`, { method: 'PUT', body: { admin: false } }],
  remove: (e) => [one(e), { method: 'DELETE' }],
};

/** The list (shared, cached). */
export const useUsuarios = () => useSWR<Usuario[]>(USUARIOS_PATH);

/** The writes, bound to the app's cache: each reads the list again after it. */
export function useUsuarioActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async act(action: UsuarioAction, email: string): Promise<void> {
        const [path, options] = REQUESTS[action](email);
        try {
          await apiRequest(path, options);
        } finally {
          void mutate(USUARIOS_PATH);
        }
      },
      async invite(email: string, admin: boolean): Promise<void> {
        await apiRequest(USUARIOS_PATH, { method: 'POST', body: { email: userNameOf(email), admin } });
        void mutate(USUARIOS_PATH);
      },
    }),
    [mutate],
  );
}
