/**
 * Days in the company's time zone (TIME_ZONE, the settings' `timeZone`): every day boundary of
 * the reminders is that zone's, whatever UTC or the server's clock zone says.
 */

/** The settings' default zone. */
export const DEFAULT_ZONE = 'America/Sao_Paulo';

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormat.set(zone, f);
  }
  return f;
}

/** The wall-clock fields of `instant` in `zone`. */
export function zonedParts(instant: Date, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const get = (type: string) => Number(formatOf(zone).formatToParts(instant).find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The zone's offset from UTC at `instant`, in ms (São Paulo: −3 h). */
function offsetMs(instant: Date, zone: string): number {
  const p = zonedParts(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** `YYYY-MM-DD`: the zone's date at `instant`. */
export function localDate(instant: Date, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant a local wall-clock time happens in `zone` (the later one, if a change of offset repeats it). */
export function zonedInstant(day: string, zone: string, hour = 0, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const first = wall - offsetMs(new Date(wall), zone);
  // The offset at the guess may differ from the offset at the answer (a change between them).
  return new Date(wall - offsetMs(new Date(first), zone));
}

/** The next day's date of `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first instant of the day after `instant`'s day in `zone`: "today" ends there. */
export const endOfLocalDay = (instant: Date, zone: string): Date => zonedInstant(nextDay(localDate(instant, zone)), zone);
