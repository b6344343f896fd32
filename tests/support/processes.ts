/**
 * Helpers for tests that run the local commands as real processes (`npm run api`, `npm run seed`)
 * and check that no JVM or cognito-local survives them: processes found through /proc (Linux),
 * by their command line, their working folder, or the test run that started them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A live (not zombie) process: its pid, command line and environment. */
interface LiveProcess {
  pid: number;
  args: string[];
  /** Its environment at start (`NAME=value` entries); empty when not readable. */
  env: string[];
}

function liveProcesses(): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!isJava(args) && !isCognitoLocal(args)) continue;
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

const isJava = (args: string[]) => !!args[0]?.endsWith('java');
const isCognitoLocal = (args: string[]) =>
  !!args[0]?.endsWith('node') && args.some((a) => a.endsWith('cognito-local/lib/bin/start.js') || a.endsWith('infra/local/cognito-local-start.mjs'));

/** Pids of live java processes whose command line mentions `needle` (e.g. a unique DATA_DIR). */
export function javaProcessesMentioning(needle: string): number[] {
  return liveProcesses()
    .filter((p) => isJava(p.args) && p.args.some((a) => a.includes(needle)))
    .map((p) => p.pid);
}

/** Pids of every live cognito-local process (its entry point on the command line). */
export function cognitoLocalProcesses(): number[] {
  return liveProcesses()
    .filter((p) => isCognitoLocal(p.args))
    .map((p) => p.pid);
}

/** Pids of live cognito-local processes whose working folder is inside `dir` (e.g. a DATA_DIR). */
export function cognitoLocalProcessesIn(dir: string): number[] {
  return cognitoLocalProcesses().filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
    } catch {
      return false;
    }
  });
}

/** The variable that names a test run; set by the global setup, inherited by everything it starts. */
export const RUN_ID_VARIABLE = 'CLIENTELA_RUN_ID';

/** What marks a process as started by this run's test files: the run's id and vitest's worker id. */
export const RUN_MARKERS = [RUN_ID_VARIABLE, 'VITEST_WORKER_ID'] as const;

/**
 * Pids of live JVMs (`java`) or cognito-locals (`cognito`) that this test run's test files started
 * (in vitest workers, or in processes they spawned): they inherit the run's id and vitest's worker
 * id in their environment. Servers other global setups start from the main process carry no worker
 * id: theirs to stop.
 */
export function pidsOfRun(runId: string, kind: 'java' | 'cognito'): number[] {
  const ofKind = kind === 'java' ? isJava : isCognitoLocal;
  return liveProcesses()
    .filter((p) => ofKind(p.args))
    .filter((p) => p.env.includes(`${RUN_ID_VARIABLE}=${runId}`) && p.env.some((e) => e.startsWith(`${RUN_MARKERS[1]}=`)))
    .map((p) => p.pid);
}

/** Every live descendant of `pid` (from /proc). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

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
  return runCommand(process.execPath, ['--import', 'tsx', script, ...args], env);
}

/** Runs a command (e.g. `npm run preview` as a person types it) in the repo root, with extra env. */
export function runCommand(command: string, args: string[], env: Record<string, string>): RunningCommand {
  const child = spawn(command, args, {
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
  // Under CI=true, vite's colours switch on: tests read the text, not the escapes
  // (stripped from the whole output, since an escape may straddle two chunks).
  const text = () => out.replace(ANSI, '');
  return {
    child,
    output: text,
    exited,
    waitFor: (re, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = text().match(re);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${re}; output:\n${text()}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`exited (${code}) before printing ${re}; output:\n${text()}`));
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
