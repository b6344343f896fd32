/**
 * Helpers for tests that run the local commands as real processes (`npm run api`, `npm run seed`)
 * and check that no JVM survives them: java processes found through /proc (Linux), by their
 * command line or by the test run that started them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A live (not zombie) java process: its pid, command line and environment. */
interface JavaProcess {
  pid: number;
  args: string[];
  /** Its environment at start (`NAME=value` entries); empty when not readable. */
  env: string[];
}

function liveJavaProcesses(): JavaProcess[] {
  const found: JavaProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!args[0]?.endsWith('java')) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z') continue;
      let env: string[] = [];
      try {
        env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      } catch {
        // another user's process: not ours
      }
      found.push({ pid: Number(entry), args, env });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Pids of live java processes whose command line mentions `needle` (e.g. a unique DATA_DIR). */
export function javaProcessesMentioning(needle: string): number[] {
  return liveJavaProcesses()
    .filter((p) => p.args.some((a) => a.includes(needle)))
    .map((p) => p.pid);
}

/** The variable that names a test run; set by the global setup, inherited by everything it starts. */
export const RUN_ID_VARIABLE = 'CLIENTELA_RUN_ID';

/**
 * Pids of live JVMs that this test run's test files started (in vitest workers, or in processes
 * they spawned): they inherit the run's id and vitest's worker id in their environment. Servers
 * other global setups start from the main process carry no worker id: theirs to stop.
 */
export function javaPidsOfRun(runId: string): number[] {
  return liveJavaProcesses()
    .filter((p) => p.env.includes(`${RUN_ID_VARIABLE}=${runId}`) && p.env.some((e) => e.startsWith('VITEST_WORKER_ID=')))
    .map((p) => p.pid);
}

export interface RunningCommand {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first printed line matching `re` (rejects if the process exits first). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (signals map to 128 + n). */
  exited: Promise<number>;
}

/** Runs a TypeScript entry point of the repo with tsx, in the repo root, with extra env. */
export function runTs(script: string, args: string[], env: Record<string, string>): RunningCommand {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))),
  );
  return {
    child,
    output: () => out,
    exited,
    waitFor: (re, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(re);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${re}; output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`exited (${code}) before printing ${re}; output:\n${out}`));
        });
        check();
      }),
  };
}

/** Resolves once `check` holds (polling every 50 ms); rejects after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
