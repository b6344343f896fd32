/**
 * Reminders where people already look: a private calendar feed (iCalendar) and a morning e-mail,
 * each turned on or off by the person in Minha conta. Sign-in only: the open mode has neither.
 */

// The wire shapes (`Lembretes`, `CalendarioCriado`) are in types.ts, from responses.ts.

export const CALENDARIO = {
  /** Random bytes of a feed's secret: 256 bits, far past guessing. */
  secretBytes: 32,
  /** The secret's text: the bytes in base64url, no padding (43 characters). */
  secretPattern: /^[A-Za-z0-9_-]{43}$/,
  /** What the feed's path ends with (calendar apps recognise the file type by it). */
  extension: '.ics',
  /** The most events one feed holds (the earliest pending ones): bounds the answer. */
  maxEventos: 1000,
} as const;

/** The morning e-mail's local time, in the company's time zone (the settings' `timeZone`), and its longest list. */
export const EMAIL_DIARIO = { hour: 7, minute: 30, maxLinhas: 20 } as const;

/** `/calendario/<secret>.ics`, the public feed's path relative to the API's base path. */
export const calendarioPath = (secret: string): string => `/calendario/${secret}${CALENDARIO.extension}`;
