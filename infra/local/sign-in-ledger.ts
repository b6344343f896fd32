/**
 * LOCAL ONLY: what the local user pool remembers that cognito-local does not, so the local
 * sign-in is as closed as the cloud's (infra/local/auth-routes.ts enforces it):
 * - the tokens this pool issued through the app's /cognito/ proxy (a hash of each access token,
 *   and when each refresh token was issued). cognito-local signs with a private key that ships in
 *   its npm package, so a signature alone proves nothing: only a token in this ledger opens the
 *   local API (authorizer.ts);
 * - the challenge sessions it handed out (a new password, a TOTP code), each for one user and one
 *   step, for 3 minutes (Cognito's default): cognito-local accepts any `Session`;
 * - when each user was last signed out everywhere (AdminUserGlobalSignOut, which cognito-local
 *   lacks): refresh tokens issued before are revoked, as in the cloud.
 *
 * Tokens and sign-outs are appended to `sign-in-ledger.jsonl` in the pool's data folder, so a
 * restart of the local server keeps the sessions people have; sessions live in memory only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const LEDGER_FILE = 'sign-in-ledger.jsonl';
/** How long a challenge's session may be answered: Cognito's default (3 minutes). */
export const CHALLENGE_SESSION_MS = 3 * 60_000;
/**
 * How long a TOTP code that signed someone in stays spent: the span the local pool accepts a code
 * in (cognito-local takes the step before and after the current one: 3 steps of 30 s).
 */
export const TOTP_SPENT_MS = 90_000;

/** A challenge handed out: who must answer it, which step, until when. */
export interface ChallengeSession {
  username: string;
  challenge: string;
  expiresAt: number;
  /**
   * The password the person just proved (kept in memory for the session's 3 minutes only): the
   * local pool signs them in with it once the challenge is answered, so the session gets a
   * refresh token cognito-local stores (it keeps none from a challenge answer).
   */
  password?: string;
}

type Line = { t: 'access'; h: string; exp: number } | { t: 'refresh'; h: string; u: string; at: number } | { t: 'signout'; u: string; at: number };

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SignInLedger {
  private readonly access = new Map<string, number>();
  private readonly refresh = new Map<string, { username: string; at: number }>();
  private readonly signOuts = new Map<string, number>();
  private readonly sessions = new Map<string, ChallengeSession>();
  /** `username` → the TOTP codes that signed them in, each with until when it stays spent. */
  private readonly spentCodes = new Map<string, Map<string, number>>();
  private readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, LEDGER_FILE);
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      // a new pool: nothing issued yet
    }
    for (const raw of text.split('\n')) {
      if (!raw.trim()) continue;
      try {
        this.apply(JSON.parse(raw) as Line);
      } catch {
        // a torn last line: skipped
      }
    }
  }

  private apply(line: Line): void {
    if (line.t === 'access') this.access.set(line.h, line.exp);
    else if (line.t === 'refresh') this.refresh.set(line.h, { username: line.u, at: line.at });
    else if (line.t === 'signout') this.signOuts.set(line.u, Math.max(line.at, this.signOuts.get(line.u) ?? 0));
  }

  private record(line: Line): void {
    this.apply(line);
    try {
      appendFileSync(this.file, `${JSON.stringify(line)}\n`);
    } catch {
      // a DATA_DIR=memory folder removed at stop: memory is enough
    }
  }

  /** Remembers the tokens of an answer this pool gave (`AuthenticationResult`). */
  rememberIssued(username: string, result: { AccessToken?: unknown; IdToken?: unknown; RefreshToken?: unknown }, now = Date.now()): void {
    // ID tokens too: API Gateway lets one through (it checks no token_use), the HTTP layer refuses it.
    for (const token of [result.AccessToken, result.IdToken]) {
      if (typeof token === 'string') this.record({ t: 'access', h: hash(token), exp: Number(decodePayload(token)?.exp ?? 0) });
    }
    if (typeof result.RefreshToken === 'string') this.record({ t: 'refresh', h: hash(result.RefreshToken), u: username, at: now });
  }

  /** True for an access or ID token this pool issued (its signature and claims are checked apart). */
  issued(token: string): boolean {
    return this.access.has(hash(token));
  }

  /** Ends every session of `username` begun before now (AdminUserGlobalSignOut, GlobalSignOut). */
  signOut(username: string, now = Date.now()): void {
    this.record({ t: 'signout', u: username, at: now });
  }

  /**
   * True when a refresh token is revoked: issued before its user's last sign-out everywhere, or
   * not issued by this pool at all (`issuedAtSeconds`, its `iat`, decides for a token from before
   * the ledger).
   */
  refreshRevoked(token: string, username: string, issuedAtSeconds: number | undefined): boolean {
    const signedOut = this.signOuts.get(username);
    const known = this.refresh.get(hash(token));
    if (signedOut === undefined) return false;
    if (known) return known.at <= signedOut;
    return issuedAtSeconds === undefined || issuedAtSeconds * 1000 <= signedOut;
  }

  /** True when an access token issued at `issuedAtSeconds` was issued before its user's last sign-out everywhere. */
  accessRevoked(username: string, issuedAtSeconds: number | undefined): boolean {
    const signedOut = this.signOuts.get(username);
    return signedOut !== undefined && (issuedAtSeconds === undefined || issuedAtSeconds * 1000 <= signedOut);
  }

  /** Hands out a session for `username`'s `challenge`: a new opaque value, valid 3 minutes. */
  openSession(session: Omit<ChallengeSession, 'expiresAt'>, now = Date.now()): string {
    for (const [key, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(key);
    const id = randomBytes(48).toString('base64url');
    this.sessions.set(id, { ...session, expiresAt: now + CHALLENGE_SESSION_MS });
    return id;
  }

  /** The live session `id` for exactly this user and step, or undefined. */
  session(id: unknown, username: unknown, challenge: unknown, now = Date.now()): ChallengeSession | undefined {
    if (typeof id !== 'string') return undefined;
    const s = this.sessions.get(id);
    if (!s || s.expiresAt <= now || s.username !== username || s.challenge !== challenge) return undefined;
    return s;
  }

  /** A session answered: it can't be answered again. */
  closeSession(id: string): void {
    this.sessions.delete(id);
  }

  /** True when `code` already signed `username` in within its window: Cognito takes a TOTP code once. */
  totpSpent(username: string, code: string, now = Date.now()): boolean {
    return (this.spentCodes.get(username)?.get(code) ?? 0) > now;
  }

  /** Marks `code` spent for `username` (it signed them in). */
  spendTotp(username: string, code: string, now = Date.now()): void {
    const codes = this.spentCodes.get(username) ?? new Map<string, number>();
    for (const [c, until] of codes) if (until <= now) codes.delete(c);
    codes.set(code, now + TOTP_SPENT_MS);
    this.spentCodes.set(username, codes);
  }
}

/** The unverified payload of a JWT, or undefined. */
export function decodePayload(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const ledgers = new Map<string, SignInLedger>();

/** The ledger of the pool whose data folder is `dir` (one per folder in a process). */
export function ledgerOf(dir: string): SignInLedger {
  let ledger = ledgers.get(dir);
  if (!ledger) {
    ledger = new SignInLedger(dir);
    ledgers.set(dir, ledger);
  }
  return ledger;
}
