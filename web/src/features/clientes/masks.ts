/**
 * Input masks of the contact and contract fields. While a person types, digits get
 * their punctuation as they come (`11987` → `(11) 987`); a paste or leaving the field reads the
 * whole text with the contract's readers, so any common written form (`+55 11 98765-4321`,
 * `2026-12-31`, a CNPJ with letters) becomes the shown form. Text a mask does not understand is
 * left as typed: the field's check says what is wrong with it.
 */
import { formatData, formatDocumento, formatTelefone, readData, readDocumento, readTelefone } from '@contract';

/** Puts `digits` into `pattern` (`#` one character each), stopping where the digits end. */
function fill(pattern: string, chars: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '#') out += chars[i++];
    else out += p;
  }
  return out;
}

/**
 * A phone number as typed: `(11) 9876-5432` up to 10 digits, `(11) 98765-4321` at 11; more digits
 * are not taken (the mask stops at its length). A number typed with its own dash and no area code
 * (`98765-4321`) is left as typed: the field's check asks for the DDD instead of the mask reading
 * its first digits as one (`(98) 7654-321`).
 */
export function maskTelefone(text: string): string {
  // A country code or a trunk prefix: left to the full reading (paste, blur).
  if (!/^[\d\s().-]*$/.test(text) || /^\s*0/.test(text)) return text;
  if (text.includes('-') && !text.includes('(')) return text;
  const d = text.replace(/\D/g, '').slice(0, 11);
  // The mask puts its dash after 6 digits (or 7 at 11): a dash after 4 or 5 is the person's own,
  // a local number (`98765-`): the digits go back as typed, without the area code's brackets.
  const dash = text.indexOf('-');
  if (dash >= 0) {
    const before = text.slice(0, dash).replace(/\D/g, '').length;
    if (before === 4 || before === 5) return `${d.slice(0, before)}-${d.slice(before)}`;
  }
  if (d.length <= 2) return d.length ? `(${d}` : '';
  return fill(d.length <= 10 ? '(##) ####-####' : '(##) #####-####', d);
}

/** A CPF as typed up to 11 digits (`123.456.789-09`); past that, or with a letter, a CNPJ (`12.ABC.345/01DE-35`). */
export function maskDocumento(text: string): string {
  if (!/^[\dA-Za-z\s./-]*$/.test(text)) return text;
  // A CNPJ's 14 characters at most: the mask stops at its length.
  const c = text.replace(/[\s./-]/g, '').toUpperCase().slice(0, 14);
  return /^\d{0,11}$/.test(c) ? fill('###.###.###-##', c) : fill('##.###.###/####-##', c);
}

/** How many digits a date's day, month and year take at most. */
const DATE_PARTS = [2, 2, 4] as const;

/**
 * A date as typed, day first: digits flow into day, month and year (`31122026` → `31/12/2026`),
 * and a `/` typed after a one-digit day or month is kept (`1/2/2026`, `15/3/2026`: the contract's
 * reader takes them, leaving the field shows `01/02/2026`). Up to four bare digits wait for the
 * next key: `2026` may be the year of an ISO date, and text with `-` (ISO) is left as typed.
 */
export function maskData(text: string): string {
  if (!/^[\d/]*$/.test(text) || /^\d{0,4}$/.test(text)) return text;
  const parts = [''];
  for (const ch of text) {
    const at = parts.length - 1;
    if (ch === '/') {
      // A slash with nothing before it in its part ("1//") adds nothing.
      if (parts[at] === '') continue;
      if (parts.length === DATE_PARTS.length) return text;
      parts.push('');
    } else if (parts[at]!.length < DATE_PARTS[at]!) {
      parts[at] += ch;
    } else {
      // The part is full: the digit starts the next one; past the year the mask stops.
      if (parts.length === DATE_PARTS.length) break;
      parts.push(ch);
    }
  }
  return parts.join('/');
}

/** The whole text read as the field's value and shown its way; unreadable text as it is. */
export const NORMALIZE = {
  telefone: (text: string) => {
    const r = readTelefone(text);
    return r.ok ? formatTelefone(r.value) : text;
  },
  documento: (text: string) => {
    const r = readDocumento(text);
    return r.ok ? formatDocumento(r.value) : text;
  },
  data: (text: string) => {
    const r = readData(text);
    return r.ok ? formatData(r.value) : text;
  },
};
