/**
 * One RFC 6238 core, two HMACs: the codes the local pool and the tests compute (Node's crypto) and
 * the ones the dev server's demo sign-in computes (WebCrypto) are RFC 6238's own test vectors.
 */
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { totpKeyBytes, totpStepBytes } from '../../lambdas/contract/totp.ts';
import { demoTotpCode } from '../../web/src/features/auth/demo-totp.ts';

/** RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, as Cognito hands it out. */
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** Appendix B's SHA-1 rows: time in seconds → the 8-digit code, whose last 6 digits are ours. */
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes', () => {
  it('the base32 secret is the RFC key; the step is 30 s, 8 bytes big-endian', () => {
    expect(new TextDecoder().decode(totpKeyBytes(SECRET))).toBe('12345678901234567890');
    expect(new TextDecoder().decode(totpKeyBytes(`${SECRET.toLowerCase()}====`))).toBe('12345678901234567890');
    expect(() => totpKeyBytes('GEZ1')).toThrow(/not base32/);
    expect([...totpStepBytes(59_000)]).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect([...totpStepBytes(20_000_000_000_000)]).toEqual([0, 0, 0, 0, 0x27, 0xbc, 0x86, 0xaa]);
  });

  it.each(VECTORS)('at %i s both computations give the RFC code %s', async (seconds, code) => {
    expect(totpCode(SECRET, seconds * 1000)).toBe(code.slice(2));
    expect(await demoTotpCode(SECRET, seconds * 1000)).toBe(code.slice(2));
  });
});
