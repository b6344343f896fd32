/**
 * `npm run synth`: offline `cdk synth` (no AWS credentials, no Docker) of the stack
 * clientela.config.json describes, printing its effective settings first. On a fresh clone the
 * web app is not built yet, so it runs `npm run build` first when web/dist/index.html is missing.
 * Extra arguments go to `cdk synth` (e.g. `npm run synth -- --verbose`).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsFilePath } from '../app.ts';
import { readSettingsFile, stackNameOf } from '../settings.ts';
import { describeSettings } from './deploy.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root; exits with its status when it fails. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // Local esbuild bundling; never Docker.
    env: { ...process.env, CDK_DOCKER: process.env.CDK_DOCKER ?? 'false' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { settings } = readSettingsFile(settingsFilePath());
console.log(describeSettings(settings, settingsFilePath()));
if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
  console.log('web/dist is missing: building the web app first (npm run build)');
  run(npm, ['run', 'build']);
}
// --no-notices: offline, nothing to fetch (deploys still show them).
run(npx, ['cdk', 'synth', '--quiet', '--no-notices', ...process.argv.slice(2)]);
console.log(`Synthesized to cdk.out (template: cdk.out/${stackNameOf(settings)}.template.json)`);
