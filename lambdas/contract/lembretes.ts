/**
 * Reminders where people already look: a private calendar feed (iCalendar) and a morning e-mail,
 * each turned on or off by the person in Minha conta. Sign-in only: the open mode has neither.
 */

/** GET /lembretes: the caller's own reminder settings. */
export interface Lembretes {
  calendario: {
    /** Whether a calendar URL is live (its secret is never shown again after it is made). */
    ativo: boolean;
    /** When the live URL was made (ISO 8601). */
    desde?: string;
  };
  emailDiario: {
    /** Whether the morning e-mail reaches this person (on unless they turned it off). */
    ativo: boolean;
  };
}

/** POST /lembretes/calendario: a new calendar URL (the previous one stops at once). */
export interface CalendarioCriado {
  /** The feed's path under the site's origin (`/api/calendario/<secret>.ics`): shown once. */
  caminho: string;
  desde: string;
}

/** PUT /lembretes/email */
export interface EmailDiarioInput {
  ativo: boolean;
}

export const CALENDARIO = {
  /** Random bytes of a feed's secret: 256 bits, far past guessing. */
  secretBytes: 32,
  /** The secret's text: the bytes in base64url, no padding (43 characters). */
  secretPattern: /^[A-Za-z0-9_-]{43}$/,
  /** The path of the public feed route, relative to the API's base path. */
  routePath: '/calendario/{segredo}',
  /** What the feed's path ends with (calendar apps recognise the file type by it). */
  extension: '.ics',
  /** The most events one feed holds (the earliest pending ones): bounds the answer. */
  maxEventos: 1000,
} as const;

/** The morning e-mail's local time, in the company's time zone (the settings' `timeZone`). */
export const EMAIL_DIARIO = { hour: 7, minute: 30, maxLinhas: 20 } as const;

/** `/calendario/<secret>.ics`, the public feed's path relative to the API's base path. */
export const calendarioPath = (secret: string): string => `/calendario/${secret}${CALENDARIO.extension}`;
