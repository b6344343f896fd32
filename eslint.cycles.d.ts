/** Types of eslint.cycles.js for the tests that import it. */
import type { ESLint } from 'eslint';

export const KNOWN_CYCLES: readonly (readonly [string, string])[];
export const cyclesPlugin: ESLint.Plugin;
