/**
 * Figures 1 and 2: the initial JavaScript (initial-js.ts) and Lighthouse's mobile preset on
 * `/` and `/clientes`, both against `npm run preview` with 200 demo clients.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataSet, type BenchDb } from '../lib/db.ts';
import { CHROME_FLAGS, CHROME_PATH, launchChromium } from '../lib/chromium.ts';
import { judged, formatMs, reported, type Figure } from '../lib/figures.ts';
import { startPreview } from '../lib/preview.ts';
import { run } from '../lib/proc.ts';
import { median } from '../lib/stats.ts';
import { clientPageChunk, initialJs, PAGES } from './initial-js.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_CLIENTS = 200;
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
/** `/` prerendered scores 100 with LCP ≤ 1.5 s and no layout shift; `/clientes` with 200 clients ≥ 97. */
export const PAGE_TARGETS: Record<string, Partial<Record<keyof typeof TARGETS, number>>> = { '/': { performance: 100 }, '/clientes': { performance: 97 } };
export const MAX_HOME_LCP_MS = 1_500;

export interface LighthouseRun {
  scores: Record<keyof typeof TARGETS, number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's BenchmarkIndex of this host (its slow-host warning starts below 1000). */
  benchmarkIndex: number;
  /** Where the page ended (a guard's redirect shows here). */
  finalUrl: string;
}

/**
 * One Lighthouse run (mobile preset). `userDataDir`: Chromium starts with that profile and
 * Lighthouse leaves its storage alone (a kept session in localStorage); give a fresh profile per
 * run, since the HTTP cache is then kept too.
 */
export async function lighthouse(url: string, dir: string, n: number, { userDataDir }: { userDataDir?: string } = {}): Promise<LighthouseRun> {
  const out = join(dir, `lh-${n}.json`);
  // Chromium takes the last --user-data-dir: this one, after the launcher's own.
  const flags = [...CHROME_FLAGS, ...(userDataDir ? [`--user-data-dir=${userDataDir}`] : [])];
  await run(
    'npx',
    [
      'lighthouse',
      url,
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=--headless=new ${flags.join(' ')}`,
      ...(userDataDir ? ['--disable-storage-reset'] : []),
      '--quiet',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH } },
  );
  const lhr = JSON.parse(await readFile(out, 'utf8')) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
    environment?: { benchmarkIndex?: number };
    finalDisplayedUrl?: string;
  };
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    finalUrl: lhr.finalDisplayedUrl ?? url,
  };
}

/** Runs the section. */
export async function webFigures(db: BenchDb, log: (line: string) => void): Promise<Figure[]> {
  const set = dataSet(LIGHTHOUSE_CLIENTS);
  await db.ensure(set, log);
  log(`npm run preview (production build) with ${LIGHTHOUSE_CLIENTS} clients…`);
  const preview = await startPreview(db, set);
  const figures: Figure[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'clientela-bench-lh-'));
  try {
    log('initial JavaScript of the app and of the baseline page…');
    const browser = await launchChromium();
    try {
      figures.push(...(await initialJs(browser, preview.origin)));
      figures.push(...(await clientPageChunk(browser, preview.origin)));
    } finally {
      await browser.close();
    }
    for (const page of PAGES) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        log(`lighthouse ${page} run ${i + 1}/${LIGHTHOUSE_RUNS}…`);
        runs.push(await lighthouse(preview.origin + page, dir, runs.length + (page === '/' ? 0 : 10)));
      }
      for (const [cat, min] of Object.entries({ ...TARGETS, ...PAGE_TARGETS[page] }) as [keyof typeof TARGETS, number][]) {
        const v = median(runs.map((r) => r.scores[cat]));
        figures.push(
          judged('Lighthouse', `${page} ${cat}`, v, 'score', `${v} (runs: ${runs.map((r) => r.scores[cat]).join(', ')})`, min === 100 ? '100' : `≥ ${min}`, v >= min),
        );
      }
      const lcp = median(runs.map((r) => r.lcp));
      const tbt = median(runs.map((r) => r.tbt));
      const cls = median(runs.map((r) => r.cls));
      figures.push(reported('Lighthouse', `${page} LCP / TBT / CLS`, lcp, 'ms', `${formatMs(lcp)} / ${formatMs(tbt)} / ${cls.toFixed(3)}`, runs));
      // The default mobile preset (4× CPU slowdown) on every host: the host's speed is shown, not corrected for.
      const bi = median(runs.map((r) => r.benchmarkIndex));
      figures.push(reported('Lighthouse', `${page} host BenchmarkIndex`, bi, 'score', `${bi.toFixed(0)} (Lighthouse warns of a slow host below 1000)`));
      if (page === '/') {
        figures.push(
          judged('Lighthouse', '/ LCP (prerendered)', lcp, 'ms', formatMs(lcp), `≤ ${formatMs(MAX_HOME_LCP_MS)}`, lcp <= MAX_HOME_LCP_MS),
          judged('Lighthouse', '/ CLS', cls, 'score', cls.toFixed(3), '0', cls === 0),
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await preview.stop();
  }
  return figures;
}
