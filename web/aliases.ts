import { fileURLToPath } from 'node:url';

/**
 * The web's one way into the lambdas: `@contract`, the contract's zod-free index. Used by
 * vite.config.mts and the web tests (vitest.config.mts); tsconfig.json's `paths` says the same to
 * the type checker, and eslint.config.js refuses any other way in.
 */
export const webAliases = [
  { find: /^@contract$/, replacement: fileURLToPath(new URL('../lambdas/contract/index.ts', import.meta.url)) },
  // swr's shim for Reacts before 18: React's own hook (web/src/lib/sync-external-store.ts).
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)) },
];
