/** The users as the pages read them: the list through SWR, and the actions, each followed by a fresh read of the list. */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Usuario } from '@contract';
import { actOnUsuario, inviteUsuario, USUARIOS_PATH, type UsuarioAction } from '../../api/usuarios.ts';

export type { Usuario, UsuarioAction };

/** The list (shared, cached). */
export const useUsuarios = () => useSWR<Usuario[]>(USUARIOS_PATH);

/** The writes, bound to the app's cache: each reads the list again after it. */
export function useUsuarioActions() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      async act(action: UsuarioAction, email: string): Promise<void> {
        try {
          await actOnUsuario(action, email);
        } finally {
          void mutate(USUARIOS_PATH);
        }
      },
      async invite(email: string, admin: boolean): Promise<void> {
        await inviteUsuario(email, admin);
        void mutate(USUARIOS_PATH);
      },
    }),
    [mutate],
  );
}
