/**
 * An iCalendar (RFC 5545) writer for the calendar feed: CRLF line ends, lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values escaped, times in UTC.
 */

/** One event: a pending tarefa. */
export interface IcsEvent {
  /** Globally unique and stable for the same tarefa across refreshes. */
  uid: string;
  start: Date;
  /** Minutes; absent: the event ends when it starts (RFC 5545 3.6.1). */
  durationMin?: number;
  summary: string;
  /** When the event's data last changed (LAST-MODIFIED), when known. */
  lastModified?: Date;
}

export interface IcsCalendar {
  /** The calendar's name in the calendar app (X-WR-CALNAME). */
  name: string;
  /** DTSTAMP of every event: when this copy was made. */
  now: Date;
  events: readonly IcsEvent[];
}

/** RFC 5545 3.3.11: backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in a TEXT value.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const MAX_OCTETS = 75;

/**
 * RFC 5545 3.1: a content line longer than 75 octets is split, each continuation starting with
 * one space (which counts toward its 75). Splits fall between characters, never inside one.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20261127T130000Z` */
export function utcStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** `PT45M`, `PT1H30M` (RFC 5545 3.3.6). */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/** The whole calendar as the text of a `text/calendar` answer. */
export function renderCalendar(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clientela//Agenda//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    // Hints only: each calendar app refreshes on its own schedule.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(cal.now);
  for (const e of cal.events) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(e.uid)}`, `DTSTAMP:${stamp}`, `DTSTART:${utcStamp(e.start)}`);
    if (e.durationMin !== undefined && e.durationMin > 0) lines.push(`DURATION:${duration(e.durationMin)}`);
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.lastModified) lines.push(`LAST-MODIFIED:${utcStamp(e.lastModified)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
