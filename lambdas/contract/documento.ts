/**
 * CPF and CNPJ as people write them: zod-free, shared by the API's schema, the web's field and
 * the CSV import. A documento is stored without punctuation: 11 digits (CPF), or 14 characters
 * (CNPJ: 12 digits or upper-case letters, then 2 check digits).
 *
 * Check digits are modulo 11 for both (Receita Federal):
 * - CPF: the 9 base digits weighted 10..2 give the first; the 10 digits weighted 11..2 the second.
 * - CNPJ: the 12 base characters weighted 5,4,3,2,9,8,7,6,5,4,3,2 give the first; the 13
 *   weighted 6,5,4,3,2,9,8,7,6,5,4,3,2 the second. A remainder below 2 gives 0, else 11 − it.
 * - Alphanumeric CNPJ, issued from July 2026 (Instrução Normativa RFB nº 2.229, de 15 de
 *   outubro de 2024; Nota Técnica conjunta COCAD/SUARA/RFB nº 49/2024; SERPRO's "Cálculo dos
 *   dígitos verificadores de CNPJ alfanumérico"): the first 12 positions may hold letters A–Z,
 *   the last 2 stay digits, and every character counts as its ASCII code minus 48 (0–9 keep
 *   their value, A = 17, B = 18, …, Z = 42). Numeric CNPJs keep their check digits.
 * Numbers made of one repeated digit pass the arithmetic but are never issued: refused.
 */

import { LIMITS } from './limits.ts';

/** Why a text is not a documento: nothing, not the shape of one, or wrong check digits. */
export type DocumentoProblem = 'empty' | 'invalid' | 'cpf' | 'cnpj';

export type DocumentoReading = { ok: true; value: string; tipo: 'cpf' | 'cnpj' } | { ok: false; problem: DocumentoProblem };


/** What a documento may be written with besides its characters: dots, slash, hyphen, spaces. */
const PUNCTUATION = /[\s./-]/g;

/** A documento without its punctuation, upper case (`12.abc.345/01de-35` → `12ABC34501DE35`). */
export const stripDocumento = (text: string): string => text.replace(PUNCTUATION, '').toUpperCase();

/** Modulo-11 check digit of `chars` (ASCII − 48 each) with `weights`. */
function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The 2 check digits of a CPF's 9 base digits. */
export function cpfCheckDigits(base: string): string {
  const first = checkDigit(base, CPF_WEIGHTS.slice(1));
  return `${first}${checkDigit(base + first, CPF_WEIGHTS)}`;
}

/** The 2 check digits of a CNPJ's 12 base characters (digits or A–Z). */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, CNPJ_WEIGHTS.slice(1));
  return `${first}${checkDigit(base + first, CNPJ_WEIGHTS)}`;
}

const REPEATED = /^(.)\1*$/;

/** True for a valid CPF of 11 digits, no punctuation. */
export const isCpf = (v: string): boolean => /^\d{11}$/.test(v) && !REPEATED.test(v) && cpfCheckDigits(v.slice(0, 9)) === v.slice(9);

/** True for a valid CNPJ of 14 characters (numeric or alphanumeric), no punctuation, upper case. */
export const isCnpj = (v: string): boolean =>
  /^[0-9A-Z]{12}\d{2}$/.test(v) && !REPEATED.test(v) && cnpjCheckDigits(v.slice(0, 12)) === v.slice(12);

/** True for a documento as stored (no punctuation, upper case, check digits right). */
export const isDocumento = (v: string): boolean => isCpf(v) || isCnpj(v);

/**
 * Reads a CPF or CNPJ written with or without punctuation (`123.456.789-09`, `12345678909`,
 * `12.345.678/0001-95`, `12.ABC.345/01DE-35`, lower-case letters too): the value to store, or
 * what is wrong (`invalid`: not the shape of either; `cpf`/`cnpj`: the check digits disagree).
 */
export function readDocumento(text: string): DocumentoReading {
  const t = text.trim();
  if (t === '') return { ok: false, problem: 'empty' };
  if (t.length > LIMITS.documento.maxInput || !/^[0-9A-Za-z\s./-]+$/.test(t)) return { ok: false, problem: 'invalid' };
  const v = stripDocumento(t);
  if (/^\d{11}$/.test(v)) return isCpf(v) ? { ok: true, value: v, tipo: 'cpf' } : { ok: false, problem: 'cpf' };
  if (/^[0-9A-Z]{12}\d{2}$/.test(v)) return isCnpj(v) ? { ok: true, value: v, tipo: 'cnpj' } : { ok: false, problem: 'cnpj' };
  return { ok: false, problem: 'invalid' };
}
