/**
 * Sign-in on (the app's default), which the web section (open mode) never sees:
 * `/clientes` for a person with a kept session ('Manter conectado'), where the app reads
 * /config.json and renews the access token (REFRESH_TOKEN_AUTH through the preview's /cognito/
 * proxy to cognito-local) before its first API call. The initial JavaScript as initial-js.ts
 * counts it, and Lighthouse's mobile preset with the session kept in the browser profile; the
 * same 200 clients as the web section.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '../../../web/src/config.ts';
import { CLIENTES_TEXTS } from '../../../web/src/texts/clientes.ts';
import { signIn } from '../../support/cognito.ts';
import { CHROME_FLAGS, CHROME_PATH, launchChromium } from '../lib/chromium.ts';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { judged, formatKb, formatMs, reported, type Figure } from '../lib/figures.ts';
import { startPreview } from '../lib/preview.ts';
import { median } from '../lib/stats.ts';
import { loadScripts, MAX_GZIP_BYTES } from './initial-js.ts';
import { LIGHTHOUSE_CLIENTS, LIGHTHOUSE_RUNS, lighthouse, PAGE_TARGETS, TARGETS, type LighthouseRun } from './web.ts';

const SECTION = 'Sign-in on';
const PAGE = '/clientes';

/** The seeded administrator's refresh token, signed in through the preview's own /cognito/ proxy. */
async function keptSessionToken(origin: string, dataDir: string): Promise<string> {
  // What the local pool keeps beside its data (infra/local/user-pool.ts).
  const state = JSON.parse(await readFile(join(dataDir, 'cognito', 'clientela.json'), 'utf8')) as { clientId: string; admin: { email: string; password: string; totpSecret?: string } };
  const tokens = await signIn(`${origin}/cognito/`, state.clientId, state.admin.email, state.admin.password, state.admin.totpSecret);
  if (!tokens.RefreshToken) throw new Error('the sign-in for the bench brought no refresh token');
  return tokens.RefreshToken;
}

/**
 * A fresh Chromium profile whose localStorage holds the kept session, as 'Manter conectado'
 * leaves it. It visits only /config.json (the app's origin, but no page or script), so the HTTP
 * cache stays cold for the measured load.
 */
async function profileWithSession(origin: string, token: string): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), 'clientela-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, headless: true, args: [...CHROME_FLAGS] });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/config.json`);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_STORAGE_KEY, token]);
  } finally {
    await context.close();
  }
  return profile;
}

/** Runs the section. */
export async function signedInFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const set = dataSet(LIGHTHOUSE_CLIENTS);
  await db.ensure(set, log);
  const dataDir = await mkdtemp(join(tmpdir(), 'clientela-bench-signin-'));
  const dir = await mkdtemp(join(tmpdir(), 'clientela-bench-lh-signin-'));
  const profiles: string[] = [];
  const figures: Figure[] = [];
  log(`npm run preview (production build) with sign-in on and ${LIGHTHOUSE_CLIENTS} clients…`);
  const preview = await startPreview(db, set, { signInDataDir: dataDir });
  try {
    const token = await keptSessionToken(preview.origin, dataDir);

    log(`initial JavaScript of ${PAGE} with a kept session…`);
    const browser = await launchChromium();
    try {
      const load = await loadScripts(browser, preview.origin, PAGE, {
        prepare: (context) => context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [SESSION_STORAGE_KEY, token]),
        heading: CLIENTES_TEXTS.clientes.heading,
      });
      figures.push(
        judged(SECTION, `${PAGE} gzip (kept session)`, load.gzip, 'bytes', `${formatKb(load.gzip)} (${load.files.length} files, ${formatKb(load.raw)} raw)`, `≤ ${formatKb(MAX_GZIP_BYTES)}`, load.gzip <= MAX_GZIP_BYTES, load.files),
        reported(SECTION, `${PAGE} brotli (kept session)`, load.br, 'bytes', formatKb(load.br)),
      );
    } finally {
      await browser.close();
    }

    const runs: LighthouseRun[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      log(`lighthouse ${PAGE} (kept session) run ${i + 1}/${LIGHTHOUSE_RUNS}…`);
      const profile = await profileWithSession(preview.origin, token);
      profiles.push(profile);
      const r = await lighthouse(preview.origin + PAGE, dir, i, { userDataDir: profile });
      // A session that did not resume lands on /entrar: that would measure the sign-in page.
      if (new URL(r.finalUrl).pathname !== PAGE) throw new Error(`lighthouse ended on ${r.finalUrl}, not ${PAGE}: the kept session did not resume`);
      runs.push(r);
    }
    for (const [cat, min] of Object.entries({ ...TARGETS, ...PAGE_TARGETS[PAGE] }) as [keyof typeof TARGETS, number][]) {
      const v = median(runs.map((r) => r.scores[cat]));
      figures.push(judged(SECTION, `Lighthouse ${PAGE} ${cat}`, v, 'score', `${v} (runs: ${runs.map((r) => r.scores[cat]).join(', ')})`, min === 100 ? '100' : `≥ ${min}`, v >= min));
    }
    const lcp = median(runs.map((r) => r.lcp));
    const tbt = median(runs.map((r) => r.tbt));
    const cls = median(runs.map((r) => r.cls));
    figures.push(reported(SECTION, `Lighthouse ${PAGE} LCP / TBT / CLS`, lcp, 'ms', `${formatMs(lcp)} / ${formatMs(tbt)} / ${cls.toFixed(3)}`, runs));
  } finally {
    await preview.stop();
    for (const d of [dataDir, dir, ...profiles]) await rm(d, { recursive: true, force: true });
  }
  return figures;
}
