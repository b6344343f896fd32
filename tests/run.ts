/**
 * `npm test`'s vitest part: the browser suite runs BESIDE the other projects, in a vitest process
 * of its own. Its files share one server and one Chromium, so they run one at a time; vitest runs
 * such a project only after every other one, which left a core idle for the browser suite's
 * whole length (half the run). Here the other projects' output is shown as it comes, the browser
 * suite's once they are done (then live). Any argument (a file, `--project …`) runs plain
 * `vitest run` with it instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const BROWSER_PROJECT = 'e2e';
const OTHER_PROJECTS = ['unit', 'api', 'web', 'infra'];

const vitest = (args: string[], piped: boolean): ChildProcess =>
  spawn(process.execPath, [VITEST, 'run', ...args], { stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit' });

const exitOf = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length) return exitOf(vitest(args, false));

  const started = Date.now();
  const browser = vitest(['--project', BROWSER_PROJECT], true);
  const held: [NodeJS.WriteStream, Buffer][] = [];
  let live = false;
  const out = (chunk: Buffer, to: NodeJS.WriteStream) => (live ? to.write(chunk) : held.push([to, chunk]));
  browser.stdout!.on('data', (c: Buffer) => out(c, process.stdout));
  browser.stderr!.on('data', (c: Buffer) => out(c, process.stderr));
  const browserExit = exitOf(browser);

  const others = vitest(OTHER_PROJECTS.flatMap((p) => ['--project', p]), false);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => [browser, others].forEach((c) => c.kill(sig)));
  const othersCode = await exitOf(others);

  process.stdout.write(`\n--- the browser suite (${BROWSER_PROJECT}), run beside the projects above ---\n`);
  for (const [to, chunk] of held) to.write(chunk);
  live = true;
  const browserCode = await browserExit;
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`\n--- vitest: ${OTHER_PROJECTS.join(', ')} ${othersCode ? 'FAILED' : 'passed'}; ${BROWSER_PROJECT} ${browserCode ? 'FAILED' : 'passed'} (${seconds} s)\n`);
  return othersCode || browserCode;
}

process.exitCode = await main();
