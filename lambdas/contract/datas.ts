/**
 * Contract dates: zod-free, shared by the API's schema, the web's fields and the CSV import.
 * The API takes and returns ISO calendar dates (`2026-12-31`); people write `31/12/2026`.
 */
import { LIMITS } from './limits.ts';

export type DataProblem = 'empty' | 'invalid' | 'range';

export type DataReading = { ok: true; value: string } | { ok: false; problem: DataProblem };

/** An ISO calendar date's shape: `YYYY-MM-DD`. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The ISO date of a year, month and day, or undefined when that day does not exist (31 April). */
function isoOf(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Within the dates the API accepts (LIMITS.data). */
const inRange = (iso: string) => iso >= LIMITS.data.min && iso <= LIMITS.data.max;

/** Reads an ISO date exactly as the API takes it: `YYYY-MM-DD`, a day that exists, in range. */
export function readIsoDate(text: string): DataReading {
  const t = text.trim();
  if (t === '') return { ok: false, problem: 'empty' };
  if (!ISO_DATE_PATTERN.test(t)) return { ok: false, problem: 'invalid' };
  const iso = isoOf(Number(t.slice(0, 4)), Number(t.slice(5, 7)), Number(t.slice(8, 10)));
  if (iso === undefined) return { ok: false, problem: 'invalid' };
  return inRange(iso) ? { ok: true, value: iso } : { ok: false, problem: 'range' };
}

/** True for a date as the API stores it. */
export const isIsoDate = (v: string): boolean => readIsoDate(v).ok;

/**
 * Reads a date as a person writes it: day first (`31/12/2026`, `1/2/2026`, `31-12-2026`,
 * `31.12.2026`, `31122026`; a 2-digit year is 20yy), or ISO (`2026-12-31`). The ISO value, or
 * what is wrong.
 */
export function readData(text: string): DataReading {
  const t = text.trim();
  if (t === '') return { ok: false, problem: 'empty' };
  if (ISO_DATE_PATTERN.test(t)) return readIsoDate(t);
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (!m) return { ok: false, problem: 'invalid' };
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const iso = isoOf(year, Number(m[2]), Number(m[1]));
  if (iso === undefined) return { ok: false, problem: 'invalid' };
  return inRange(iso) ? { ok: true, value: iso } : { ok: false, problem: 'range' };
}

/** True when the contract would end before it starts (ISO dates compare as text). */
export const endsBeforeStart = (inicio: string | null | undefined, fim: string | null | undefined): boolean =>
  !!inicio && !!fim && fim < inicio;
