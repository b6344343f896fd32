/**
 * The production security headers: one definition for CloudFront's response-headers policy and
 * for `npm run preview`, so browser tests run under the CSP that ships.
 */

/** Content-Security-Policy directives. react-hot-toast (goober) writes a <style> element and
 * React sets style attributes, so styles need 'unsafe-inline'; scripts never do. */
export const CSP_DIRECTIVES: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * The policy with extra sources added to some directives. The deployed site adds Cognito's
 * endpoint of its region to `connect-src` (the web signs in there); the local servers need no
 * addition, because they proxy Cognito under their own origin (`/cognito/`).
 */
export function contentSecurityPolicy(extra: Readonly<Record<string, readonly string[]>> = {}): string {
  for (const directive of Object.keys(extra)) {
    if (!(directive in CSP_DIRECTIVES)) throw new Error(`Unknown CSP directive: ${directive}`);
  }
  return Object.entries(CSP_DIRECTIVES)
    .map(([k, v]) => [k, v, ...(extra[k] ?? [])].join(' '))
    .join('; ');
}

/** The policy without additions: the local preview's and dev server's (and the base of the cloud's). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Two years, the preload list's recommendation (at least one year is required). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';

/** The same values as plain HTTP headers (for the local preview server). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': FRAME_OPTIONS,
  'referrer-policy': REFERRER_POLICY,
};
