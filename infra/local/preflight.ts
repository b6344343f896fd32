/**
 * `npm run preview`'s first step, before the production build: refuses what would stop the
 * preview server after the build (its port taken, the DATA_DIR held by another command) with the
 * same one line the server prints, so nobody waits for a build to learn it. The server checks
 * again when it starts (the build takes a while; things may change meanwhile).
 */
import { assertDataDirFree, assertPortAvailable, isLocalSetupError, readLocalSettings } from './runtime.ts';
import { VITE_HOST, vitePort } from './vite-ports.ts';

const COMMAND = 'npm run preview';
const settings = readLocalSettings();
try {
  await assertPortAvailable(vitePort('preview'), VITE_HOST, COMMAND, settings);
  assertDataDirFree(settings, COMMAND);
} catch (err) {
  if (!isLocalSetupError(err)) throw err;
  console.error(err.message);
  process.exit(1);
}
