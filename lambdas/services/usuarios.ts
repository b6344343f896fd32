/**
 * The users API's rules: only administrators manage users (403 for anyone else, checked live
 * against the user pool before anything else, the request's own validation included), an
 * administrator can't lock themselves out (remove their own admin role, disable or delete
 * themselves: 409), and nobody changes their own access at all (enable, promote or re-invite
 * themselves: 409), so a token held after losing a right can't restore it. User names are the
 * e-mail lower-cased, as the handlers pass them (userNameOf).
 */
import { userNameOf } from '../contract/auth.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor, Usuario, UsuarioInput } from '../contract/types.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import * as pool from '../store/userpool.ts';
import { requireLiveAdmin } from './authority.ts';
import type { PoolOutcome, PoolResult, PoolUser } from '../store/userpool.ts';

const toUsuario = (u: PoolUser, admin: boolean): Usuario => ({
  email: u.username,
  status: u.status,
  ativo: u.enabled,
  admin,
  criadoEm: u.createdAt.toISOString(),
});

/** The value of a pool call, or the API error of its outcome (`errors` names the call's own). */
function valueOf<T>(result: PoolResult<T>, errors: Partial<Record<PoolOutcome, () => Error>> = {}): T {
  if (result.ok) return result.value;
  const error = errors[result.outcome]?.() ?? (result.outcome === 'notFound' ? new NotFoundError(MESSAGES.usuarioNaoEncontrado) : undefined);
  if (error) throw error;
  throw new Error(`Unexpected user pool outcome: ${result.outcome}`);
}

/**
 * The admin role of a user just invited, or no user at all: when adding them to the group fails,
 * the invitation is taken back (AdminDeleteUser), so a retry invites them again instead of
 * meeting a 409 with a member where an administrator was asked for. The failure is what answers.
 */
async function makeAdminOrUndo(username: string): Promise<void> {
  try {
    valueOf(await pool.setAdmin(username, true));
  } catch (err) {
    // A failed undo leaves the member there to fix by hand; the answer stays the first failure.
    await pool.deleteUser(username).catch(() => undefined);
    throw err;
  }
}

/** What an administrator may do with users. */
export interface UsuariosApi {
  /** Every user, sorted by e-mail, with whether each is an administrator. */
  list(): Promise<Usuario[]>;
  /** Invites a person (Cognito e-mails a temporary password); `admin` also puts them in the admin group. 409 when the user exists. */
  invite(input: UsuarioInput): Promise<Usuario>;
  /** Sends the invitation again with a new temporary password (409 once they have signed in). */
  resendInvitation(username: string): Promise<void>;
  /** Resets the password (signing them out everywhere): Cognito e-mails a code to set a new one (409 when the user's state forbids it). */
  resetPassword(username: string): Promise<void>;
  /** Enables or disables a user (disabling signs them out everywhere); never oneself. */
  setAtivo(username: string, ativo: boolean): Promise<Usuario>;
  /** Makes a user an administrator or a member (a demotion signs them out everywhere); never oneself. */
  setAdmin(username: string, admin: boolean): Promise<Usuario>;
  /** Deletes a user, signing them out everywhere first; never oneself. */
  remove(username: string): Promise<void>;
  /** Turns a person's authenticator app off (Redefinir autenticador); one's own is turned off in Minha conta. */
  resetAuthenticator(username: string): Promise<void>;
}

/** The users API for `actor`: 403 `{"mensagem"}` unless the user pool says they are an administrator now. */
export async function usuariosFor(actor: Actor): Promise<UsuariosApi> {
  await requireLiveAdmin(actor, MESSAGES.somenteAdministradores);
  const isSelf = (username: string) => userNameOf(actor.email) === username;
  return {
    async list() {
      const [users, admins] = await Promise.all([pool.listUsers(), pool.listAdmins()]);
      return users
        .map((u) => toUsuario(u, admins.has(u.username)))
        .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },
    async invite(input) {
      if (isSelf(userNameOf(input.email))) throw new ConflictError(MESSAGES.proprioConvite, 'email');
      const user = valueOf(await pool.createUser(input.email), {
        exists: () => new ConflictError(MESSAGES.usuarioJaExiste(input.email), 'email'),
      });
      if (input.admin) await makeAdminOrUndo(user.username);
      return toUsuario(user, input.admin);
    },
    async resendInvitation(username) {
      if (isSelf(username)) throw new ConflictError(MESSAGES.proprioConvite);
      valueOf(await pool.resendInvitation(username), { notPending: () => new ConflictError(MESSAGES.conviteJaAceito) });
    },
    async resetPassword(username) {
      valueOf(await pool.resetPassword(username), { cannotReset: () => new ConflictError(MESSAGES.senhaNaoRedefinivel) });
    },
    async setAtivo(username, ativo) {
      if (isSelf(username)) throw new ConflictError(ativo ? MESSAGES.proprioAtivar : MESSAGES.proprioDesativar, 'ativo');
      const user = valueOf(await pool.getUser(username));
      valueOf(await pool.setEnabled(username, ativo));
      const admin = valueOf(await pool.isAdmin(username));
      return toUsuario({ ...user, enabled: ativo }, admin);
    },
    async setAdmin(username, admin) {
      if (isSelf(username)) throw new ConflictError(admin ? MESSAGES.proprioPromover : MESSAGES.proprioAdmin, 'admin');
      const user = valueOf(await pool.getUser(username));
      valueOf(await pool.setAdmin(username, admin));
      return toUsuario(user, admin);
    },
    async remove(username) {
      if (isSelf(username)) throw new ConflictError(MESSAGES.proprioExcluir);
      valueOf(await pool.deleteUser(username, { signOut: true }));
    },
    async resetAuthenticator(username) {
      if (isSelf(username)) throw new ConflictError(MESSAGES.proprioAutenticador);
      valueOf(await pool.resetAuthenticator(username));
    },
  };
}
