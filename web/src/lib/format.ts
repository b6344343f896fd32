import { VIP_THRESHOLD } from '../config.ts';
import { companyTimeZone } from './company-zone.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 15000 → "R$ 15.000,00" (with the no-break space Intl puts after "R$"). */
export const formatMoney = (value: number): string => brl.format(value);

/** VIP when the contract is above the threshold: 10000 is standard, 10000.01 is VIP. */
export const isVip = (valorContrato: number): boolean => valorContrato > VIP_THRESHOLD;

/** Lower case without accents, for case- and accent-insensitive filters ("João" → "joao"). */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();


const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** The day-and-time formatter of `zone` (one per zone: building one costs more than formatting). */
function dateTimeParts(zone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateTimeFormats.set(zone, format);
  }
  return format;
}

/**
 * "2026-11-23T17:05:00.000Z" → "23/11/2026 14:05": on the company's clock whatever the browser's
 * (a history line and a tarefa of one timeline read the same clock); an invalid date as sent.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(dateTimeParts(companyTimeZone()).formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** "2026-11-23" → "23/11/2026" (a date without time, as the API stores contract dates). */
export function formatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDate;
}

/** A folded text's sort key: each number prefixed by its length, so "2" sorts before "10". */
export const numericKey = (folded: string): string =>
  folded.replace(/\d+/g, (d) => {
    const digits = d.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(48 + Math.min(digits.length, 40)) + digits;
  });

/**
 * A text's sort key for a plain `<` comparison that orders as pt-BR people expect: case and
 * accents aside ("Álvaro" beside "Alvaro"), numbers by value ("Loja 2" before "Loja 10").
 */
export const sortKey = (text: string): string => numericKey(fold(text));
