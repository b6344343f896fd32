/**
 * Administrator authority, read live from the user pool. A token proves who is calling; its
 * `cognito:groups` only says what was true when it was issued (up to an access token's lifetime
 * ago), so every administrator action asks the pool, at the moment it acts, whether the caller is
 * still enabled and still in the `admin` group. In the open mode (AUTH_MODE=off) nobody is asked:
 * the anonymous caller is the administrator, as the spec has no roles.
 */
import { userNameOf } from '../contract/auth.ts';
import { MESSAGES } from '../contract/messages.ts';
import type { Actor } from '../contract/types.ts';
import { ForbiddenError } from '../errors.ts';
import * as pool from '../store/userpool.ts';

/**
 * Resolves when `actor` may act as an administrator now; otherwise 403 `{"mensagem": refusal}`.
 * A token without the admin group is refused without asking (it can only be a stale member's
 * hint in the safe direction); one with it is checked against the pool (AdminGetUser,
 * AdminListGroupsForUser): a disabled, deleted or demoted administrator is refused even with the
 * token they still hold. An administrator without an authenticator app (TOTP) is refused too,
 * with the way to turn it on (Minha conta): administrators always use a second factor.
 */
export async function requireLiveAdmin(actor: Actor, refusal: string): Promise<void> {
  if (actor.anonymous) return;
  if (!actor.admin) throw new ForbiddenError(refusal);
  const username = userNameOf(actor.email);
  const user = await pool.getUser(username);
  if (!user.ok || !user.value.enabled) throw new ForbiddenError(refusal);
  const admin = await pool.isAdmin(username);
  if (!admin.ok || !admin.value) throw new ForbiddenError(refusal);
  if (!user.value.totp) throw new ForbiddenError(MESSAGES.administradorSemTotp);
}
