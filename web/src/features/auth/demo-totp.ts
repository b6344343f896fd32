/**
 * The dev server's local administrator signs in with a second factor like every administrator;
 * on `npm start` its authenticator's secret is in config.json (`demo`), and this computes the
 * current code (the contract's RFC 6238 core over WebCrypto's HMAC) so one click still signs in.
 * Only the dev server's /entrar loads it; a production build has no demo.
 */
import { totpCodeOf, totpKeyBytes, totpStepBytes } from '@contract';

/** The 6-digit code of `secret` now (or at `at`, ms). */
export async function demoTotpCode(secret: string, at = Date.now()): Promise<string> {
  const key = await crypto.subtle.importKey('raw', totpKeyBytes(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return totpCodeOf(new Uint8Array(await crypto.subtle.sign('HMAC', key, totpStepBytes(at))));
}
