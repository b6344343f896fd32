/**
 * The company's time zone, as config.json names it: the app shell sets it when the configuration
 * arrives (auth-config.ts), the pages read it through zoned.ts. Kept apart so the shell carries
 * only this.
 */

/**
 * The zone when config.json names none (or one this browser does not know): the contract's
 * DEFAULT_TIME_ZONE (a unit test holds them equal). The app shell reads config.json, and importing
 * the contract there would put all of it into the initial JavaScript.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** True when the browser's Intl knows `zone` (an IANA name such as `America/Manaus`). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let company = DEFAULT_TIME_ZONE;

/** The company's time zone, as config.json set it (the default before it arrives). */
export const companyTimeZone = (): string => company;

/** Set when config.json arrives; anything that is not a known zone keeps the default. */
export function setCompanyTimeZone(zone: unknown): void {
  company = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
