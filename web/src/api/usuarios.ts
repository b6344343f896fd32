/** The users API (administrators only). */
import { userNameOf } from '@contract';
import { apiRequest, type RequestOptions } from './http.ts';

/** The users' list (GET /usuarios): its SWR key. */
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

/** One action on the user `email`. */
export async function actOnUsuario(action: UsuarioAction, email: string): Promise<void> {
  const [path, options] = REQUESTS[action](email);
  await apiRequest(path, options);
}

/** Invites `email` (Cognito e-mails the temporary password), optionally as administrator. */
export async function inviteUsuario(email: string, admin: boolean): Promise<void> {
  await apiRequest(USUARIOS_PATH, { method: 'POST', body: { email: userNameOf(email), admin } });
}
