/**
 * Dates and times in the company's time zone (config.json's `timeZone`), whatever the browser's:
 * a tarefa at 23:30 in São Paulo is that day's there, and "hoje" is São Paulo's today. Pure
 * functions of an instant, a zone and "now", so tests pin all three.
 */

import { companyTimeZone } from './company-zone.ts';

export { companyTimeZone, DEFAULT_TIME_ZONE, isTimeZone, setCompanyTimeZone } from './company-zone.ts';

/** A wall-clock reading of an instant in a zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // hourCycle h23: midnight is 00, never 24.
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(zone, f);
  }
  return f;
}

/** What a clock on the wall in `zone` shows at `instant`. */
export function partsIn(instant: Date, zone: string): ZonedParts {
  const p = Object.fromEntries(formatterOf(zone).formatToParts(instant).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of `instant` in `zone`, as ISO: `2026-11-27`. */
export function dayIn(instant: Date, zone: string): string {
  const p = partsIn(instant, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** `HH:MM` of `instant` in `zone`. */
export function timeIn(instant: Date, zone: string): string {
  const p = partsIn(instant, zone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** Whole calendar days from `from` to `to` (ISO dates; negative when `to` is earlier). */
export const daysBetweenDays = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The ISO date `days` after `day` (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The zone's offset from UTC at `instant`, in minutes (São Paulo: -180). */
function offsetMinutes(instant: Date, zone: string): number {
  const p = partsIn(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const at = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((wall - at) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant a wall clock in `zone` shows `day` at `time` (`2026-11-27`, `10:00`), as ISO 8601
 * with the zone's offset: `2026-11-27T10:00:00-03:00`. A time a clock skips (a DST gap) moves forward.
 */
export function zonedIso(day: string, time: string, zone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset on either side of a change.
  let offset = offsetMinutes(new Date(wall), zone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), zone);
  const instant = new Date(wall - offset * 60_000);
  const p = partsIn(instant, zone);
  const o = offsetMinutes(instant, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:00${offsetText(o)}`;
}

/** `iso` moved `days` calendar days in `zone`, at the same wall-clock time (+1 semana stays at 10:00 across a DST change). */
export function shiftDays(iso: string, days: number, zone: string): string {
  const instant = new Date(iso);
  return zonedIso(addDays(dayIn(instant, zone), days), timeIn(instant, zone), zone);
}

/** `27/11/2026` of an ISO date. */
const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "27/11/2026 às 10:00": an instant in `zone` (an unreadable value as it came). */
export function formatQuando(iso: string, zone: string = companyTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${brDay(dayIn(instant, zone))} às ${timeIn(instant, zone)}`;
}

/** "27/11/2026 14:05": an audit instant in `zone` (the histories' style). */
export function formatMoment(iso: string, zone: string = companyTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${brDay(dayIn(instant, zone))} ${timeIn(instant, zone)}`;
}

/** Days counted as words up to this far ("em 6 dias"); farther ones are dates. */
export const RELATIVE_DAYS_MAX = 6;

/**
 * The day of `iso` relative to `now`, both in `zone`: "hoje", "amanhã", "ontem", "em 3 dias",
 * "há 3 dias", and beyond a week the date ("em 05/12/2026", "em 20/11/2026").
 */
export function relativeDay(iso: string, now: Date = new Date(), zone: string = companyTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const day = dayIn(instant, zone);
  const n = daysBetweenDays(dayIn(now, zone), day);
  if (n === 0) return 'hoje';
  if (n === 1) return 'amanhã';
  if (n === -1) return 'ontem';
  if (n > 1 && n <= RELATIVE_DAYS_MAX) return `em ${n} dias`;
  if (n < -1 && n >= -RELATIVE_DAYS_MAX) return `há ${-n} dias`;
  return `em ${brDay(day)}`;
}

/** "amanhã às 10:00", "em 3 dias às 10:00", "em 05/12/2026 às 10:00". */
export const relativeQuando = (iso: string, now: Date = new Date(), zone: string = companyTimeZone()): string =>
  Number.isNaN(new Date(iso).getTime()) ? iso : `${relativeDay(iso, now, zone)} às ${timeIn(new Date(iso), zone)}`;

/** Today's date in `zone`, as ISO. */
export const todayIn = (now: Date = new Date(), zone: string = companyTimeZone()): string => dayIn(now, zone);
