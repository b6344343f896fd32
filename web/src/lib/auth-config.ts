/**
 * The sign-in configuration: `/config.json` (the contract's WebConfig), read when the app starts,
 * and the user pool's part of it once the session has it; the company's time zone rides along.
 */
import type { CognitoWebConfig, WebConfig } from '@contract';
import { CONFIG_URL } from '../config.ts';
import { setCompanyTimeZone } from './company-zone.ts';

/** `/config.json` with sign-in on, and either way. */
export type CognitoConfig = CognitoWebConfig;
export type AuthConfig = WebConfig;

/**
 * Reads `/config.json` (served `no-cache`: revalidated on every load). The default cache mode
 * takes over the page's `<link rel="preload">` of it (index.html): a request sent beside the scripts.
 * @throws when it is unreadable or holds no configuration.
 */
export async function loadAuthConfig(): Promise<AuthConfig> {
  const res = await fetch(CONFIG_URL);
  const c = (await res.json()) as Omit<Partial<CognitoConfig>, 'auth'> & { auth?: string; timeZone?: unknown };
  // The company's time zone holds in either mode (a config.json without one: São Paulo).
  if (res.ok) setCompanyTimeZone(c.timeZone);
  if (res.ok && c.auth === 'off') return { auth: 'off' };
  if (res.ok && c.auth === 'cognito' && c.clientId && c.cognitoEndpoint) return c as CognitoConfig;
  throw new Error(`${CONFIG_URL} holds no sign-in configuration`);
}

let current: CognitoConfig | undefined;

/** The user pool's configuration (undefined with sign-in off or before config.json arrived). */
export const cognitoConfig = (): CognitoConfig | undefined => current;

/** Set by the session when it starts (undefined: none yet, or sign-in off). */
export function setCognitoConfig(config: CognitoConfig | undefined): void {
  current = config;
}
