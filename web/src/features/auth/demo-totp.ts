/**
 * The dev server's local administrator signs in with a second factor like every administrator;
 * on `npm start` its authenticator's secret is in config.json (`demo`), and this computes the
 * current code (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) so one click still signs in.
 * Only the dev server's /entrar loads it; a production build has no demo.
 */

/** A base32 secret (RFC 4648) as bytes. */
function base32Bytes(secret: string): Uint8Array<ArrayBuffer> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(ch);
    if (value < 0) throw new Error(`not base32: ${ch}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = new Uint8Array(Math.floor(bits.length / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return bytes;
}

/** The 6-digit code of `secret` now (or at `at`, ms). */
export async function demoTotpCode(secret: string, at = Date.now()): Promise<string> {
  const key = await crypto.subtle.importKey('raw', base32Bytes(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  // The 30-second step as 8 bytes, big-endian.
  const counter = new Uint8Array(8);
  let step = Math.floor(at / 30_000);
  for (let i = 7; i >= 0; i--) {
    counter[i] = step % 256;
    step = Math.floor(step / 256);
  }
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!) % 1_000_000;
  return String(value).padStart(6, '0');
}
