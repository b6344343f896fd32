/**
 * Figure 1: the initial JavaScript of `/` and `/clientes`, read from a real page load in Chromium
 * (entry, modulepreloads and the lazy chunks the route fetches), compressed with gzip -9 and
 * brotli, against 125 KB gzip and against 1.2 × a baseline page built in the same run.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliSize, gzipSize } from '../lib/compress.ts';
import { judged, formatKb, reported, type Figure } from '../lib/figures.ts';
import { run } from '../lib/proc.ts';
import { serveStatic } from '../lib/static-server.ts';

const SECTION = 'Initial JS';
export const PAGES = ['/', '/clientes'] as const;
export const MAX_GZIP_BYTES = 125 * 1024;
export const MAX_RATIO = 1.2;
/**
 * What `/` may weigh, measured this way in the open mode with the demo data: the home's portfolio
 * may not make it heavier, and the data router the app requires is part of its first paint (the
 * figures behind it are in tests/bench/README.md).
 */
export const HOME_BUDGET_GZIP_BYTES = 118.4 * 1024;

export interface ScriptLoad {
  path: string;
  files: { url: string; raw: number; gzip: number; br: number }[];
  raw: number;
  gzip: number;
  br: number;
}

const isScript = (type: string, url: string, contentType: string | undefined) =>
  type === 'script' || /\.m?js(\?|$)/.test(url) || /javascript/.test(contentType ?? '');

/**
 * Loads `path` in a fresh browser context (empty cache) and returns every same-origin script the
 * browser fetched until the network went idle and the page showed its heading (`heading`: that
 * one, at `path`). `prepare` runs on the context first (a kept session's init script).
 */
export async function loadScripts(
  browser: Browser,
  origin: string,
  path: string,
  { prepare, heading }: { prepare?: (context: BrowserContext) => Promise<unknown>; heading?: string } = {},
): Promise<ScriptLoad> {
  const context = await browser.newContext();
  await prepare?.(context);
  const page = await context.newPage();
  const pending: Promise<{ url: string; body: Buffer } | undefined>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (!url.startsWith(origin)) return;
    if (!isScript(res.request().resourceType(), url, res.headers()['content-type'])) return;
    pending.push(res.body().then((body) => ({ url, body }), () => undefined));
  });
  try {
    await page.goto(origin + path, { waitUntil: 'networkidle', timeout: 60_000 });
    await (heading ? page.getByRole('heading', { level: 1, name: heading }) : page.locator('h1').first()).waitFor({ state: 'visible', timeout: 30_000 });
    if (heading && new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
    // Anything the rendered route fetched after that, too.
    await page.waitForLoadState('networkidle');
    const bodies = (await Promise.all(pending)).filter((b): b is { url: string; body: Buffer } => b !== undefined);
    const unique = new Map(bodies.map((b) => [b.url, b.body]));
    const files = [...unique].map(([url, body]) => ({
      url: new URL(url).pathname,
      raw: body.length,
      gzip: gzipSize(body),
      br: brotliSize(body),
    }));
    if (files.length === 0) throw new Error(`no script loaded for ${path}`);
    const sum = (k: 'raw' | 'gzip' | 'br') => files.reduce((s, f) => s + f[k], 0);
    return { path, files, raw: sum('raw'), gzip: sum('gzip'), br: sum('br') };
  } finally {
    await context.close();
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds the baseline page (tests/bench/baseline) into a temp dir and measures its pages. */
export async function measureBaseline(browser: Browser): Promise<Record<string, ScriptLoad>> {
  const out = await mkdtemp(join(tmpdir(), 'clientela-bench-baseline-'));
  try {
    await run('npx', ['vite', 'build', '--config', 'tests/bench/baseline/vite.config.mts', '--outDir', out], { cwd: ROOT });
    const server = await serveStatic(out);
    try {
      const loads: Record<string, ScriptLoad> = {};
      for (const p of PAGES) loads[p] = await loadScripts(browser, server.url, p);
      return loads;
    } finally {
      await server.close();
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** Measures the app (served at `appOrigin`) and the baseline; returns the figures. */
export async function initialJs(browser: Browser, appOrigin: string): Promise<Figure[]> {
  const app: Record<string, ScriptLoad> = {};
  for (const p of PAGES) app[p] = await loadScripts(browser, appOrigin, p);
  const base = await measureBaseline(browser);
  const figures: Figure[] = [];
  for (const p of PAGES) {
    const a = app[p]!;
    const b = base[p]!;
    const ratio = a.gzip / b.gzip;
    figures.push(
      judged(SECTION, `${p} gzip`, a.gzip, 'bytes', `${formatKb(a.gzip)} (${a.files.length} files, ${formatKb(a.raw)} raw)`, `≤ ${formatKb(MAX_GZIP_BYTES)}`, a.gzip <= MAX_GZIP_BYTES, a.files),
      reported(SECTION, `${p} brotli`, a.br, 'bytes', formatKb(a.br)),
      reported(SECTION, `${p} baseline gzip / brotli`, b.gzip, 'bytes', `${formatKb(b.gzip)} / ${formatKb(b.br)} (${b.files.length} files)`, b.files),
      judged(SECTION, `${p} app/baseline (gzip)`, ratio, 'ratio', `${ratio.toFixed(2)} × (brotli ${(a.br / b.br).toFixed(2)} ×)`, `≤ ${MAX_RATIO.toFixed(2)} × (gzip and brotli)`, ratio <= MAX_RATIO && a.br / b.br <= MAX_RATIO),
    );
    if (p === '/') figures.push(judged(SECTION, '/ gzip against the budget before the portfolio', a.gzip, 'bytes', formatKb(a.gzip), `≤ ${formatKb(HOME_BUDGET_GZIP_BYTES)} (moved by the data router)`, a.gzip <= HOME_BUDGET_GZIP_BYTES));
  }
  return figures;
}

/**
 * The client page's own JavaScript: the scripts `/clientes/{id}` loads beyond what the
 * home loads (its lazy chunks), against the same for the edit page `/atualizarproduto/{id}`, each
 * from a fresh context; the client page may be no heavier than the edit page.
 */
export async function clientPageChunk(browser: Browser, appOrigin: string): Promise<Figure[]> {
  const res = await fetch(`${appOrigin}/api/produtos`);
  const body = (await res.json()) as { id: number; nome: string }[] | { itens: { id: number; nome: string }[] };
  const first = (Array.isArray(body) ? body : body.itens)[0];
  if (!first) throw new Error('no client to open');
  const shared = new Set((await loadScripts(browser, appOrigin, '/')).files.map((f) => f.url));
  const own = async (path: string, heading: string) => {
    const load = await loadScripts(browser, appOrigin, path, { heading });
    const files = load.files.filter((f) => !shared.has(f.url));
    return { files, gzip: files.reduce((s, f) => s + f.gzip, 0), br: files.reduce((s, f) => s + f.br, 0) };
  };
  const page = await own(`/clientes/${first.id}`, first.nome);
  const edit = await own(`/atualizarproduto/${first.id}`, 'Atualizar cliente');
  return [
    judged(
      SECTION,
      '/clientes/{id} own chunks gzip',
      page.gzip,
      'bytes',
      `${formatKb(page.gzip)} (${page.files.length} files; brotli ${formatKb(page.br)}); the edit page ${formatKb(edit.gzip)} (${edit.files.length} files)`,
      '≤ the edit page /atualizarproduto/{id}',
      page.gzip <= edit.gzip,
      { page: page.files, edit: edit.files },
    ),
  ];
}
