/**
 * Brazilian phone numbers as people write them: zod-free, shared by the API's schema, the web's
 * field and the CSV import. Stored in E.164: `+55`, the 2-digit area code (DDD), then 9 digits
 * for a mobile (starting with 9) or 8 for a landline (starting with 2 to 5).
 *
 * Read: `(11) 98765-4321`, `11987654321`, `11 98765 4321`, `+55 11 98765-4321`, `5511987654321`,
 * `011 98765-4321` and `0 21 11 98765-4321` (trunk prefix 0, with or without a carrier code);
 * dots, hyphens, spaces and parentheses anywhere. Not read: foreign numbers, 0800/0300/4004
 * numbers, extensions, and mobiles without their ninth digit (gone since 2016).
 */

import { LIMITS } from './limits.ts';

export type TelefoneProblem = 'empty' | 'invalid' | 'ddd';

export type TelefoneReading = { ok: true; value: string } | { ok: false; problem: 'empty' | 'invalid' } | { ok: false; problem: 'ddd'; ddd: string };


/** The area codes in use (Anatel's plan), space-separated. */
const DDDS =
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 ' +
  '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99';

/** True when `ddd` (2 digits) is an area code in use. */
export const isDdd = (ddd: string): boolean => /^\d\d$/.test(ddd) && DDDS.includes(ddd);

/** A stored phone number: +55, a DDD in use, then a mobile (9 + 8 digits) or a landline (2–5 + 7 digits). */
export const isTelefone = (v: string): boolean => /^\+55(\d\d)(9\d{8}|[2-5]\d{7})$/.test(v) && isDdd(v.slice(3, 5));

/** The national number (DDD + subscriber) of what was written, or undefined when it has no such shape. */
function nationalDigits(t: string): string | undefined {
  const digits = t.replace(/\D/g, '');
  // Non-geographic numbers (0800, 0300, 0500, 0900) have no DDD.
  if (/^0[3589]00/.test(digits)) return undefined;
  if (t.startsWith('+')) return digits.startsWith('55') ? digits.slice(2) : undefined;
  if (digits.startsWith('0')) {
    // Trunk prefix 0: "011 …", or with a 2-digit carrier code "0 21 11 …".
    const rest = digits.slice(1);
    return rest.length >= 12 ? rest.slice(2) : rest;
  }
  // The country code written without "+": 12 or 13 digits starting with 55.
  return digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** Reads a Brazilian phone number written in a common way (see above): E.164, or what is wrong. */
export function readTelefone(text: string): TelefoneReading {
  const t = text.trim();
  if (t === '') return { ok: false, problem: 'empty' };
  if (t.length > LIMITS.telefone.maxInput || !/^\+?[\d\s().-]+$/.test(t)) return { ok: false, problem: 'invalid' };
  const national = nationalDigits(t);
  if (national === undefined || !/^\d{10,11}$/.test(national)) return { ok: false, problem: 'invalid' };
  const ddd = national.slice(0, 2);
  if (!isDdd(ddd)) return /^[1-9]\d$/.test(ddd) ? { ok: false, problem: 'ddd', ddd } : { ok: false, problem: 'invalid' };
  const value = `+55${national}`;
  return isTelefone(value) ? { ok: true, value } : { ok: false, problem: 'invalid' };
}
