/**
 * Deterministic interleavings: holds chosen writes of the handlers at the store's commit (after
 * their reads, before their one DynamoDB write) until the test releases them, through the
 * store's test seam (`writeHooks` in lambdas/store/write.ts). The handlers must run in the test's
 * module graph (tests/support/handlers.ts).
 */
import { writeHooks, type AnyOp } from '../../lambdas/store/write.ts';

/** A write held at its commit. */
export interface Held {
  /** Operation names of the write, e.g. ['cliente.put', 'categoria.count']. */
  readonly ops: readonly string[];
  /** Lets it commit. */
  release(): void;
}

/** Picks writes by their operations (names and items). */
export type WriteMatcher = (ops: readonly AnyOp[]) => boolean;

interface Trap {
  match: WriteMatcher;
  left: number;
  held: Held[];
  waiters: { count: number; resolve: (held: Held[]) => void }[];
}

const traps: Trap[] = [];

async function beforeCommit(ops: readonly AnyOp[]): Promise<void> {
  const names = ops.map((op) => op.name);
  const trap = traps.find((t) => t.left > 0 && t.match(ops));
  if (!trap) return;
  trap.left--;
  await new Promise<void>((release) => {
    trap.held.push({ ops: names, release });
    for (const w of [...trap.waiters]) {
      if (trap.held.length >= w.count) {
        trap.waiters.splice(trap.waiters.indexOf(w), 1);
        w.resolve(trap.held.slice(0, w.count));
      }
    }
  });
}

export interface Gate {
  /** Resolves once `count` matching writes (default: all the gate holds) wait at their commit. */
  reached(count?: number): Promise<Held[]>;
  /** Releases every write held so far, in the order they arrived. */
  releaseAll(): void;
}

/** Holds the next `count` writes whose operation names satisfy `match`. */
export function holdWrites(match: WriteMatcher, count = 1): Gate {
  const trap: Trap = { match, left: count, held: [], waiters: [] };
  traps.push(trap);
  writeHooks.beforeCommit = beforeCommit;
  return {
    reached: (n = count) =>
      trap.held.length >= n ? Promise.resolve(trap.held.slice(0, n)) : new Promise((resolve) => trap.waiters.push({ count: n, resolve })),
    releaseAll: () => {
      for (const h of trap.held) h.release();
    },
  };
}

/** A write that includes an operation of this name. */
export const writing =
  (name: string): WriteMatcher =>
  (ops) =>
    ops.some((op) => op.name === name);

/** Releases everything still held and removes the hook (afterEach). */
export function openAllGates(): void {
  for (const t of traps.splice(0)) for (const h of t.held) h.release();
  delete writeHooks.beforeCommit;
}
