/**
 * TOTP codes as an authenticator app shows them: the local pool turns the seeded administrator's
 * second factor on with one, and the tests sign in with them. The RFC 6238 core is the
 * contract's; the HMAC is Node's, so a code is computed synchronously.
 */
import { createHmac } from 'node:crypto';
import { totpCodeOf, totpKeyBytes, totpStepBytes } from '../../lambdas/contract/totp.ts';

/** The 6-digit code of `secret` at `at` (ms). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpCodeOf(createHmac('sha1', totpKeyBytes(secret)).update(totpStepBytes(at)).digest());
}
