/**
 * The sign-in rules every side shares: the Cognito user pool (CDK), its local emulation
 * (infra/local/user-pool.ts), the users API and the web's policy text import them from here. Plain
 * data and pure functions, no dependency: safe in the web bundle and in Lambda.
 */

/** Password policy of the user pool (Cognito's own options, named as in CDK's `passwordPolicy`). */
export const PASSWORD_POLICY = {
  minLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: true,
  /** Days an invitation's temporary password stays valid. */
  tempPasswordValidityDays: 7,
} as const;

/** Cognito's longest accepted password. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The characters Cognito counts as symbols (a space inside the password counts too, but not at
 * either end).
 */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** What a password lacks under PASSWORD_POLICY, in Cognito's order of checks; empty when it passes. */
export type PasswordProblem = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'symbol';

/** The policy's verdict on a password (the web shows it, the local emulation refuses with it). */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Code points: an emoji is one character to the person typing it.
  if ([...password].length < PASSWORD_POLICY.minLength) problems.push('length');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('uppercase');
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('lowercase');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('digit');
  const inner = password.slice(1, -1);
  if (PASSWORD_POLICY.requireSymbols && ![...password].some((c) => PASSWORD_SYMBOLS.includes(c)) && !inner.includes(' ')) {
    problems.push('symbol');
  }
  return problems;
}

/**
 * Token lifetimes of the app client. The refresh token's is the default of `-c sessionDays`.
 * Access tokens live 15 minutes: what a removed person can still do with the one they hold
 * (never administrator actions, which are checked live) ends by then; the web renews them in the
 * background.
 */
export const TOKEN_VALIDITY = {
  accessTokenMinutes: 15,
  idTokenMinutes: 60,
  refreshTokenDays: 30,
} as const;

/**
 * The only user attribute a person may change through Cognito's public API with their own access
 * token (UpdateUserAttributes): the app client's WriteAttributes. Not the e-mail (the identity and
 * where resets go) nor `email_verified`, a phone or a name. `locale` is harmless (the app never
 * reads it) and must be there: Cognito reads an empty list as "every standard attribute".
 */
export const CLIENT_WRITE_ATTRIBUTES = ['locale'] as const;

/** The Cognito group whose members administer users. Everyone else is a member. */
export const ADMIN_GROUP = 'admin';

/** Cognito user names are the e-mail, lower-cased by us (the pool is case-insensitive too). */
export function userNameOf(email: string): string {
  return email.trim().toLowerCase();
}

/** The longest e-mail accepted: it is the Cognito user name, at most 128 characters. */
export const EMAIL_MAX_LENGTH = 128;

/**
 * An e-mail as the users API accepts it (once trimmed): one `@`, a domain of at least two
 * labels, no white space or control character anywhere (Cognito user names allow neither).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+$/u;

/** True when `email` (trimmed) is one the users API accepts. */
export function isEmail(email: string): boolean {
  const name = userNameOf(email);
  return name.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(name);
}

/** `/config.json` with sign-in on: where the app finds the company's user pool. */
export interface CognitoWebConfig {
  auth: 'cognito';
  region: string;
  userPoolId: string;
  clientId: string;
  /** Cognito's JSON API (locally the server's same-origin proxy, `/cognito/`). */
  cognitoEndpoint: string;
  /** How long 'Manter conectado' keeps a person signed in: the refresh token's days (`-c sessionDays`). */
  sessionDays: number;
  /**
   * The dev server's local administrator, shown on /entrar (never in a production build), with its
   * authenticator's secret: the page answers its TOTP step itself.
   */
  demo?: { email: string; password: string; totpSecret?: string };
}

/**
 * The web's runtime configuration, `/config.json`: written beside the site by the deployment,
 * served by the local server; `{auth: 'off'}` is the spec's open mode.
 */
export type WebConfig = ({ auth: 'off' } | CognitoWebConfig) & {
  /** The company's IANA time zone (`timeZone` in the settings, `TIME_ZONE` locally): every day boundary is its. Absent from older deployments: America/Sao_Paulo. */
  timeZone?: string;
};
