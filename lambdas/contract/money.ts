/**
 * Amounts of money as people in Brazil type them: zod-free, shared by the web's value field and
 * anything that reads typed or imported amounts.
 *
 * Rules (each tested in tests/unit/money.test.ts):
 * - "R$" in front (before or after a minus sign), spaces around and a no-break space after "R$"
 *   are ignored.
 * - Only digits, "." and ",": anything else (letters, exponents, "+", inner spaces) is invalid.
 * - A mark first is a zero before it (",50" is 0,50). Leading zeros never change an amount
 *   ("007" is 7, "01.500" is 1.500, that is 1500).
 * - Both marks: the last one is the decimal point and appears once; the other groups thousands
 *   ("1.234,56"; also "1,500.50").
 * - Several of one mark: thousands groups ("1.234.567", "1,234,567").
 * - One mark followed by 1 or 2 digits: a decimal point ("12,50", "999.5").
 * - One mark followed by 3 digits after 1 to 3 digits: a dot groups thousands ("1.500" is 1500, as
 *   a Brazilian means); a comma is ambiguous ("1,500": 1500 to some, 1,5 to others) and refused.
 *   "0.500" (or ".500") is ambiguous too: nobody groups a zero, so it is 500 typed oddly or 0,5
 *   typed the English way; "0,500" is three decimals.
 * - Groups are 3 digits after a first group of 1 to 3 that does not start with 0 ("1.50.000" is
 *   invalid).
 * - More than 2 decimals: refused as such ("1.234,567"); a minus sign: negative; above
 *   LIMITS.valorContrato.max: max.
 */
import { LIMITS } from './limits.ts';

export type MoneyProblem = 'empty' | 'invalid' | 'ambiguous' | 'decimals' | 'negative' | 'max';

export type MoneyReading =
  | { ok: true; value: number }
  | { ok: false; problem: Exclude<MoneyProblem, 'ambiguous'> }
  /** `readings`: the amount if the comma grouped thousands, and if it was the decimal point. */
  | { ok: false; problem: 'ambiguous'; readings: [number, number] };

const CURRENCY = /^r\$\s*/i;
const MINUS = /^[-\u2212]\s*/;
/** Zeros before the first nonzero digit of the integer part. */
const LEADING_ZEROS = /^0+(?=[1-9])/;
const DIGITS = /^\d+$/;
/** A grouped integer part: 1 to 3 digits not starting with 0, then groups of 3. */
const GROUPED = { '.': /^[1-9]\d{0,2}(\.\d{3})+$/, ',': /^[1-9]\d{0,2}(,\d{3})+$/ } as const;

type Parts = { int: string; dec: string } | MoneyProblem;

/** Splits a text of digits and marks into integer and decimal digits, or says what is wrong. */
function split(s: string): Parts {
  if (!/^\d[\d.,]*$/.test(s) || !/\d$/.test(s)) return 'invalid';
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  if (last < 0) return { int: s, dec: '' };
  const mark = s[last] as '.' | ',';
  const other = mark === '.' ? ',' : '.';
  const head = s.slice(0, last);
  const tail = s.slice(last + 1);
  if (head.includes(other)) {
    // Both marks: `mark` is the decimal point, once; `other` groups the integer part.
    if (head.includes(mark) || !GROUPED[other].test(head)) return 'invalid';
    return tail.length > 2 ? 'decimals' : { int: head.split(other).join(''), dec: tail };
  }
  if (head.includes(mark)) {
    // One mark, several times: thousands groups only.
    return GROUPED[mark].test(s) ? { int: s.split(mark).join(''), dec: '' } : 'invalid';
  }
  // One mark, once.
  if (!DIGITS.test(head)) return 'invalid';
  if (tail.length <= 2) return { int: head, dec: tail };
  if (tail.length === 3 && GROUPED[mark].test(s)) return mark === '.' ? { int: head + tail, dec: '' } : 'ambiguous';
  if (tail.length === 3 && mark === '.' && /^0+$/.test(head)) return 'ambiguous';
  return 'decimals';
}

const toNumber = (int: string, dec: string) => Number(dec ? `${int}.${dec}` : int);

/** Reads an amount typed in a Brazilian way (see the rules above). */
export function readMoney(text: string): MoneyReading {
  let s = text.trim();
  const currency = CURRENCY.test(s);
  s = s.replace(CURRENCY, '');
  if (s === '') return { ok: false, problem: 'empty' };
  const negative = MINUS.test(s);
  // "- R$ 5" as well as "R$ -5" (the sign once, the currency once).
  if (negative) s = s.replace(MINUS, '');
  if (negative && !currency) s = s.replace(CURRENCY, '');
  s = s.replace(/^[.,]/, '0$&').replace(LEADING_ZEROS, '');
  const parts = split(s);
  if (negative) return { ok: false, problem: typeof parts === 'string' && parts !== 'decimals' && parts !== 'ambiguous' ? 'invalid' : 'negative' };
  if (parts === 'ambiguous') {
    // One mark, once: its reading as a thousands group and as the decimal point.
    const [int, dec] = s.split(/[.,]/) as [string, string];
    return { ok: false, problem: 'ambiguous', readings: [toNumber(int + dec, ''), toNumber(int, dec)] };
  }
  if (typeof parts === 'string') return { ok: false, problem: parts as Exclude<MoneyProblem, 'ambiguous'> };
  const value = toNumber(parts.int, parts.dec);
  if (value > LIMITS.valorContrato.max) return { ok: false, problem: 'max' };
  return { ok: true, value };
}

let plain: Intl.NumberFormat | undefined;

/** An amount as the value field shows it: "1.234,56" (grouped, two decimals, no currency sign). */
export const formatMoneyInput = (value: number): string =>
  (plain ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(value);
