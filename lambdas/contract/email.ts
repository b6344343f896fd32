/**
 * A client's contact e-mail: zod-free, shared by the API's schema, the web's field and the CSV
 * import. Looser than a sign-in e-mail (contract/auth.ts) where real addresses need it: up to
 * 254 characters, and letters with accents in the name and the domain (.br domains may have
 * them: `contato@açaí.com.br`).
 */

import { LIMITS } from './limits.ts';

export type EmailReading = { ok: true; value: string } | { ok: false; problem: 'empty' | 'invalid' };


/** The characters of a name's dot-separated part (RFC 5322's atext, and letters of any script). */
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
/** A domain label: letters and digits, hyphens inside. */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
/**
 * `name@domain`: the name at most 64 characters of atoms joined by single dots; the domain two
 * labels or more, its last one letters (`.br`, `.com`) or punycode (`.xn--p1ai`).
 */
const EMAIL = /* @__PURE__ */ new RegExp(`^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})$`, 'u');

/**
 * Reads a contact e-mail: trimmed, in Unicode NFC, the domain in lower case (it is
 * case-insensitive; the name before `@` is kept as written).
 */
export function readEmail(text: string): EmailReading {
  const t = text.trim().normalize('NFC');
  if (t === '') return { ok: false, problem: 'empty' };
  if ([...t].length > LIMITS.email.max || !EMAIL.test(t)) return { ok: false, problem: 'invalid' };
  const at = t.lastIndexOf('@');
  return { ok: true, value: t.slice(0, at + 1) + t.slice(at + 1).toLowerCase() };
}

/** True for an e-mail as stored (valid, domain in lower case). */
export const isEmailContato = (v: string): boolean => {
  const r = readEmail(v);
  return r.ok && r.value === v;
};
