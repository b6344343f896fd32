/** What the browser suite's globalSetup hands to the test files. */
export interface E2eContext {
  /** False when Chromium is missing outside CI: the suite is skipped (loudly). */
  enabled: boolean;
  /** The preview server: production build + API on one origin. */
  baseUrl: string;
  /** The one Chromium of the run; each test file connects to it. */
  wsEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
