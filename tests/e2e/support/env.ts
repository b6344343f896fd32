/** The second preview server, with sign-in on (cognito-local), for the sign-in suite. */
export interface E2eAuthContext {
  enabled: true;
  baseUrl: string;
  /** cognito-local's data folder: `outbox.jsonl` holds the e-mails it "sent". */
  cognitoDir: string;
  /** The local pool, and cognito-local's own endpoint (administrator calls, as the users API makes them). */
  pool: { userPoolId: string; clientId: string; endpoint: string };
  /** The seeded administrator. */
  admin: { email: string; password: string; totpSecret?: string };
}

/** What the browser suite's globalSetup hands to the test files. */
export interface E2eContext {
  /** False when Chromium is missing outside CI: the suite is skipped (loudly). */
  enabled: boolean;
  /** The preview server: production build + API on one origin. */
  baseUrl: string;
  /** Another open-mode server whose data belongs to one test file (a company's first day). */
  firstDayUrl?: string;
  /** The one Chromium of the run; each test file connects to it. */
  wsEndpoint: string;
  /** Absent when the suite is skipped. */
  auth?: E2eAuthContext;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
