/** Dates and times as the pages show them, on the company's clock (apart from format.ts: the home needs none). */
import { companyTimeZone } from './company-zone.ts';

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
