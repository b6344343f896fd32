/**
 * The pure core of a TOTP code (RFC 6238: HMAC-SHA1 over 30-second steps, 6 digits), as Cognito
 * and an authenticator app compute it. The HMAC itself is the caller's: Node's crypto where codes
 * are computed for the local pool and the tests (infra/local/totp.ts), WebCrypto in the browser's
 * demo sign-in, which has no synchronous HMAC.
 */

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;
const DIGITS = 1_000_000;

/** A base32 secret (RFC 4648, as Cognito's `SecretCode`) as bytes: the HMAC key. */
export function totpKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32_ALPHABET.indexOf(ch);
    if (value < 0) throw new Error(`not base32: ${ch}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = new Uint8Array(Math.floor(bits.length / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return bytes;
}

/** The 30-second step of `at` (ms) as 8 bytes, big-endian: the HMAC message. */
export function totpStepBytes(at: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(8);
  let step = Math.floor(at / STEP_MS);
  for (let i = 7; i >= 0; i--) {
    bytes[i] = step % 256;
    step = Math.floor(step / 256);
  }
  return bytes;
}

/** The 6-digit code an HMAC-SHA1 digest stands for (RFC 4226's dynamic truncation). */
export function totpCodeOf(mac: Uint8Array): string {
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!) % DIGITS;
  return String(value).padStart(6, '0');
}
