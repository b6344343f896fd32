/**
 * `npm start` as a new user meets it: Vite's dev server (hot reload on, as the command runs it)
 * with the local API, DynamoDB Local, cognito-local and the demo data. The administrator's
 * credentials shown on /entrar sign in, and every page then renders signed in without an error
 * (the harness fails a test on any console error). The production build the rest of the suite
 * uses can't show what only the dev server does (React Refresh's checks: a module-level
 * `function window` once broke the home's portfolio there, and only there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { findFreePort } from '../../infra/local/dynamodb.ts';
import { stopLocalDatabase } from '../../infra/local/vite-plugin.ts';
import { describeBrowser, expectPath, loaded, useBrowser, visible } from './support/harness.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VARS = ['DATA_DIR', 'SEED', 'AUTH', 'TABLE_NAME', 'PORT'] as const;

describeBrowser('npm start (the dev server)', () => {
  const { open } = useBrowser();
  const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clientela-dev-'));
  let dev: ViteDevServer | undefined;
  let base = '';

  beforeAll(async () => {
    // As `npm start` on a fresh clone: sign-in on, demo data, the database in a folder of its own.
    Object.assign(process.env, { DATA_DIR: dataDir, TABLE_NAME: 'clientela' });
    for (const v of ['SEED', 'AUTH', 'PORT'] as const) delete process.env[v];
    const port = await findFreePort();
    dev = await createServer({ configFile: path.join(ROOT, 'vite.config.mts'), logLevel: 'error', server: { port, host: '127.0.0.1' } });
    await dev.listen();
    base = `http://127.0.0.1:${port}`;
  }, 120_000);

  afterAll(async () => {
    await dev?.close();
    await stopLocalDatabase();
    for (const v of VARS) {
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('signs in with the credentials /entrar shows, and every page renders signed in', async () => {
    const { page } = await open({ baseURL: base });
    // A page needing sign-in goes to /entrar, which shows the local administrator (dev server only).
    await page.goto('/clientes');
    await expectPath(page, '/entrar', 60_000);
    await page.getByRole('button', { name: 'Preencher' }).click({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expectPath(page, '/clientes', 15_000);
    await loaded(page, 30_000);
    await visible(page.locator('main').getByRole('article').first(), 15_000);

    // The home: the portfolio first (the demo data: 12 clients), then every other page, fully loaded.
    await page.goto('/');
    await visible(page.getByText('Atualizações recentes'), 30_000);
    expect(await page.locator('.kpi-value').first().textContent()).toBe('12');
    for (const route of ['/sobre-nos', '/categorias', '/cadastrarcategorias', '/categorias/atualizar/1', '/cadastrarproduto', '/atualizarproduto/1', '/deletarproduto/1', '/contratos-a-renovar', '/lixeira', '/clientes/importar', '/usuarios', '/minha-conta']) {
      await page.goto(route);
      await loaded(page, 30_000);
      expect(await page.locator('h1').first().textContent(), route).not.toBe('Algo deu errado');
    }
  }, 240_000);
});
