/**
 * Reading and writing the client fields of issue 17 (e-mail, telefone, documento, observações,
 * contract dates) in CSV cells. Issue 17 brings the contract's own validators, normalizers and
 * formatters for them; at merge each function below is swapped for the contract's one (the
 * columns table in columns.ts calls only these, one per field).
 */
import { isEmail } from '@contract';

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/** MERGE(17): the contract's e-mail normalizer. */
export function readEmail(text: string): Read<string> {
  const email = text.trim().toLowerCase();
  return isEmail(email) ? { ok: true, value: email } : { ok: false, problem: 'e-mail inválido' };
}

/** MERGE(17): the contract's telefone normalizer (E.164). Brazilian numbers without +55 get it. */
export function readTelefone(text: string): Read<string> {
  const international = text.trim().startsWith('+');
  let digits = text.replace(/\D/g, '');
  if (!international) {
    if (digits.startsWith('0')) digits = digits.replace(/^0+/, '');
    if (digits.length === 10 || digits.length === 11) digits = `55${digits}`;
  }
  if (digits.startsWith('55') ? !/^55[1-9]{2}9?\d{8}$/.test(digits) : digits.length < 8 || digits.length > 15) {
    return { ok: false, problem: 'telefone inválido (use DDD e número, como (11) 98765-4321)' };
  }
  return { ok: true, value: `+${digits}` };
}

/** MERGE(17): the contract's formatTelefone: `+5511987654321` → `(11) 98765-4321`; others as stored. */
export function formatTelefone(e164: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** Check digits of a CPF/CNPJ body (the alphanumeric CNPJ counts each character as its code − 48). */
function checkDigits(body: string, weights: number[]): string {
  const sum = [...body].reduce((s, c, i) => s + (c.charCodeAt(0) - 48) * weights[i]!, 0);
  const r = sum % 11;
  return String(r < 2 ? 0 : 11 - r);
}
const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** MERGE(17): the contract's documento normalizer: CPF (11 digits) or CNPJ (14, digits or alphanumeric), checked. */
export function readDocumento(text: string): Read<string> {
  const doc = text.replace(/[\s./-]/g, '').toUpperCase();
  const bad = { ok: false, problem: 'CPF ou CNPJ inválido' } as const;
  if (/^\d{11}$/.test(doc)) {
    if (/^(\d)\1{10}$/.test(doc)) return bad;
    const d1 = checkDigits(doc.slice(0, 9), CPF_W1);
    const d2 = checkDigits(doc.slice(0, 9) + d1, [11, ...CPF_W1]);
    return doc.endsWith(d1 + d2) ? { ok: true, value: doc } : bad;
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc)) {
    if (/^(\d)\1{13}$/.test(doc)) return bad;
    const d1 = checkDigits(doc.slice(0, 12), CNPJ_W1);
    const d2 = checkDigits(doc.slice(0, 12) + d1, [6, ...CNPJ_W1]);
    return doc.endsWith(d1 + d2) ? { ok: true, value: doc } : bad;
  }
  return bad;
}

/** MERGE(17): the contract's formatDocumento: `12.345.678/0001-95`, `123.456.789-09`. */
export function formatDocumento(doc: string): string {
  if (doc.length === 11) return `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
  if (doc.length === 14) return `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`;
  return doc;
}

/** MERGE(17): the contract's observações limit. */
export const OBSERVACOES_MAX = 2_000;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A real calendar day as ISO `YYYY-MM-DD`, or undefined. */
function isoDay(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * A date as people write it: `23/11/2026` (also with `-` or `.`, and 2-digit years as 20yy),
 * `2026-11-23`, or an Excel serial number (`46349`). MERGE(17): then the contract's date validator.
 */
export function readData(text: string): Read<string> {
  const s = text.trim();
  let day: string | undefined;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s))) {
    const y = Number(m[3]);
    day = isoDay(m[3]!.length === 2 ? 2000 + y : y, Number(m[2]), Number(m[1]));
  } else if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s))) {
    day = isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  } else if (/^\d{1,6}$/.test(s) && Number(s) >= 1) {
    // Excel's day count from 1899-12-30 (its 1900 leap-year bug makes that the epoch for dates after March 1900).
    const date = new Date(EXCEL_EPOCH_MS + Number(s) * 86_400_000);
    day = isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  return day ? { ok: true, value: day } : { ok: false, problem: 'data inválida (use dd/mm/aaaa)' };
}

/** `2026-11-23` → `23/11/2026`. */
export const formatData = (iso: string): string => {
  const [y, m, d] = iso.split('-');
  return y && m && d ? `${d}/${m}/${y}` : iso;
};
