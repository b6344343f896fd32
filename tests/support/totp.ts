/**
 * An authenticator's code a pool has not taken yet. Cognito takes a TOTP code once (the local pool
 * too, infra/local/auth-routes.ts), so a test that signs the same person in twice within 30 s
 * needs the next step's code. The codes handed out are noted in a file per pool and user (test
 * files of one run share a server, each in its own process).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { totpCode } from '../../infra/local/totp.ts';

const STEP_MS = 30_000;
/** How long a code stays spent on the pool (TOTP_SPENT_MS there): longer is harmless here. */
const SPENT_MS = 90_000;

const ledgerFile = (scope: string, secret: string) =>
  path.join(os.tmpdir(), `clientela-totp-${createHash('sha256').update(`${scope}\n${secret}`).digest('hex').slice(0, 24)}.json`);

function readSpent(file: string, now: number): Record<string, number> {
  try {
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    return Object.fromEntries(Object.entries(all).filter(([, until]) => until > now));
  } catch {
    return {};
  }
}

/**
 * The code of `secret` now, or else of the next or the previous step, whichever was not handed out
 * yet; when all were, waits for the next step. `scope` names the pool and user (e.g. its client id
 * and the e-mail).
 */
export async function unspentTotpCode(secret: string, scope: string): Promise<string> {
  const file = ledgerFile(scope, secret);
  for (;;) {
    const now = Date.now();
    const spent = readSpent(file, now);
    // The pool takes the codes of the step before and after now's too (cognito-local's tolerance):
    // three a step; the step before's only when this one is not about to end.
    const late = STEP_MS - (now % STEP_MS) < 2000;
    const candidates = [totpCode(secret, now), totpCode(secret, now + STEP_MS), ...(late ? [] : [totpCode(secret, now - STEP_MS)])];
    const code = candidates.find((c) => spent[c] === undefined);
    if (code !== undefined) {
      writeFileSync(file, JSON.stringify({ ...spent, [code]: now + SPENT_MS }));
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (now % STEP_MS) + 50));
  }
}
