/**
 * Writes docs/openapi.json from the route table and the contract (`npm run openapi`); with `--check` it only
 * compares and exits 1 when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../lambdas/openapi/document.ts';

/** Where the published description lives, relative to the repository root. */
export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** The exact text of docs/openapi.json: 2-space JSON and a final newline. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = renderOpenApi();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OPENAPI_FILE, 'utf8');
    if (current !== text) {
      console.error('docs/openapi.json is stale: run `npm run openapi`.');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date.');
  } else {
    writeFileSync(OPENAPI_FILE, text);
    console.log(`Wrote ${OPENAPI_FILE}`);
  }
}
