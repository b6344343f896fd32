/**
 * The Vite plugin through Vite's own servers, as `npm start` and `npm run preview` run it: the
 * API and the sign-in routes (/config.json, the /cognito/ proxy) on the site's origin before the
 * SPA fallback, one JVM and one cognito-local across restarts, the demo data loaded once, the
 * administrator's credentials in the dev server's config.json only, the API behind the JWT
 * authorizer (the printed administrator's token opens it), and preview answering like CloudFront
 * (security headers, SPA rewrite, cache rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { SECURITY_HEADERS } from '../../infra/security-headers.ts';
import { findFreePort } from '../../infra/local/dynamodb.ts';
import { readLocalSettings, startLocalDatabase } from '../../infra/local/runtime.ts';
import { stopLocalDatabase } from '../../infra/local/vite-plugin.ts';
import { callCognito, signIn } from '../support/cognito.ts';
import { unspentTotpCode } from '../support/totp.ts';
import { cognitoLocalProcessesIn, eventually, javaProcessesMentioning, ROOT } from '../support/processes.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'clientela-vite-'));
const dataDir = path.join(tmp, 'data');
const dist = path.join(tmp, 'dist');
const configFile = path.join(ROOT, 'vite.config.mts');
const env = { DATA_DIR: process.env.DATA_DIR, SEED: process.env.SEED, TABLE_NAME: process.env.TABLE_NAME, AUTH: process.env.AUTH };

beforeAll(() => {
  Object.assign(process.env, { DATA_DIR: dataDir, TABLE_NAME: 'clientela' });
  delete process.env.SEED;
  delete process.env.AUTH;
  // A stand-in for web/dist: the shell, the prerendered home and one hashed asset.
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'prerender'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"><body>shell</body></html>');
  writeFileSync(path.join(dist, 'prerender', 'inicio.html'), '<!doctype html><html lang="pt-BR"><body>prerendered home</body></html>');
  writeFileSync(path.join(dist, 'prerender', 'inicio-visitante.html'), '<!doctype html><html lang="pt-BR"><body>visitor home</body></html>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
});

afterAll(async () => {
  await stopLocalDatabase();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await eventually(() => javaProcessesMentioning(dataDir).length === 0, 15_000, 'no JVM on the test DATA_DIR');
  await eventually(() => cognitoLocalProcessesIn(dataDir).length === 0, 15_000, 'no cognito-local on the test DATA_DIR');
  rmSync(tmp, { recursive: true, force: true });
});

describe('npm start (vite dev) and npm run preview', () => {
  let dev: ViteDevServer | undefined;
  let prev: PreviewServer | undefined;
  afterAll(async () => {
    await dev?.close();
    await prev?.close();
  });

  it('serves the API and the app on one origin, with one JVM across a restart, demo data once', async () => {
    const port = await findFreePort();
    dev = await createServer({ configFile, logLevel: 'silent', server: { port, host: '127.0.0.1', hmr: false } });
    await dev.listen();
    const base = `http://127.0.0.1:${port}`;

    // Sign-in is on; the dev server (only) shows the seeded administrator on /entrar.
    const config = (await (await fetch(`${base}/config.json`)).json()) as {
      auth: string;
      clientId: string;
      demo: { email: string; password: string; totpSecret: string };
    };
    expect(config).toMatchObject({ auth: 'cognito', cognitoEndpoint: '/cognito/', demo: { email: 'admin@clientela.local' } });
    expect(config.demo.password).toBe(JSON.parse(readFileSync(path.join(dataDir, 'cognito', 'clientela.json'), 'utf8')).admin.password);
    // With its authenticator's secret: the dev page answers the administrator's TOTP step itself.
    expect(config.demo.totpSecret).toBe(JSON.parse(readFileSync(path.join(dataDir, 'cognito', 'clientela.json'), 'utf8')).admin.totpSecret);
    const tokens = await signIn(`${base}/cognito/`, config.clientId, config.demo.email, config.demo.password, config.demo.totpSecret);
    const auth = { authorization: `Bearer ${tokens.AccessToken}` };
    expect(cognitoLocalProcessesIn(dataDir)).toHaveLength(1);
    expect(process.env.AUTH_MODE).toBe('cognito');

    // The URL is useful as soon as Vite listens: the API (behind the authorizer) and the demo data are ready.
    expect(await (await fetch(`${base}/api/categorias`)).json()).toEqual({ message: 'Unauthorized' });
    const categorias = (await (await fetch(`${base}/api/categorias`, { headers: auth })).json()) as { descricao: string }[];
    expect(categorias.map((c) => c.descricao)).toEqual(['Varejo', 'Saúde', 'Educação', 'Logística', 'Tecnologia']);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'demo-seed.json'), 'utf8')).state).toBe('done');

    const app = await fetch(`${base}/clientes`, { headers: { accept: 'text/html' } });
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toMatch(/text\/html/);

    // /api/* never falls back to the SPA shell.
    const missing = await fetch(`${base}/api/nada`, { headers: { accept: 'text/html', ...auth } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/application\/json/);
    expect(javaProcessesMentioning(dataDir)).toHaveLength(1);

    // A config reload re-runs the plugin: same JVM, same cognito-local, same data.
    await dev.restart();
    expect(javaProcessesMentioning(dataDir)).toHaveLength(1);
    expect(cognitoLocalProcessesIn(dataDir)).toHaveLength(1);
    const again = (await (await fetch(`${base}/api/categorias`, { headers: auth })).json()) as unknown[];
    expect(again).toHaveLength(5);
    await dev.close();
    dev = undefined;
  });

  it('previews the build as CloudFront serves it, with the API on the same port', async () => {
    const port = await findFreePort();
    prev = await preview({
      configFile,
      logLevel: 'silent',
      build: { outDir: dist },
      preview: { port, host: '127.0.0.1' },
    });
    const base = `http://127.0.0.1:${port}`;
    for (const p of ['/', '/clientes', '/atualizarproduto/3', '/assets/app-1a2b3c.js', '/api/categorias', '/api/nada', '/config.json', '/cognito/']) {
      const res = await fetch(`${base}${p}`, { headers: { accept: 'text/html' } });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${name} on ${p}`).toBe(value);
    }

    // A production build: the pool, never the administrator's credentials.
    const configRes = await fetch(`${base}/config.json`);
    expect(configRes.headers.get('cache-control')).toBe('no-cache');
    const config = (await configRes.json()) as { clientId: string };
    expect(config).toMatchObject({ auth: 'cognito', cognitoEndpoint: '/cognito/' });
    expect(config).not.toHaveProperty('demo');
    // The proxy is not an app route: no SPA rewrite to index.html, its own answers.
    const wrongMethod = await fetch(`${base}/cognito/`, { headers: { accept: 'text/html' } });
    expect(wrongMethod.status).toBe(405);
    const { admin } = JSON.parse(readFileSync(path.join(dataDir, 'cognito', 'clientela.json'), 'utf8')) as { admin: { email: string; password: string; totpSecret: string } };
    const challenge = await callCognito<{ Session?: string }>(`${base}/cognito/`, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    });
    // The administrator's second factor.
    const signedIn = await callCognito(`${base}/cognito/`, 'RespondToAuthChallenge', {
      ClientId: config.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: admin.email, SOFTWARE_TOKEN_MFA_CODE: await unspentTotpCode(admin.totpSecret, `${config.clientId} ${admin.email}`) },
    });
    expect(signedIn.status).toBe(200);
    const auth = { authorization: `Bearer ${(signedIn.body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken}` };
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy']);

    for (const [p, page] of [['/', 'prerendered home'], ['/clientes', 'shell'], ['/atualizarproduto/3', 'shell']]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(page);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    // The cookie the app sets for a visitor reaches the rewrite, as CloudFront hands it over.
    const visitor = await fetch(`${base}/`, { headers: { cookie: 'a=1; clientela-inicio=visitante' } });
    expect(await visitor.text()).toContain('visitor home');
    const asset = await fetch(`${base}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A missing file is a 404, not the app shell (the rewrite spares paths with an extension).
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404);

    const api = await fetch(`${base}/api/nada`, { headers: { accept: 'text/html', ...auth } });
    expect(api.status).toBe(404);
    expect(await api.json()).toHaveProperty('mensagem');
    expect(((await (await fetch(`${base}/api/categorias`, { headers: auth })).json()) as unknown[]).length).toBe(5);
    expect((await fetch(`${base}/api/categorias`)).status).toBe(401);
    // Same process, same database: still one JVM and one cognito-local.
    expect(javaProcessesMentioning(dataDir)).toHaveLength(1);
    expect(cognitoLocalProcessesIn(dataDir)).toHaveLength(1);
  });

  it('does not load the demo data again when the database already exists', async () => {
    await prev?.close();
    prev = undefined;
    await stopLocalDatabase();
    expect(javaProcessesMentioning(dataDir)).toEqual([]);
    expect(cognitoLocalProcessesIn(dataDir)).toEqual([]);

    const lines: string[] = [];
    const db = await startLocalDatabase(readLocalSettings(), { command: 'test', seedDemoWhenNew: true, log: (l) => lines.push(l) });
    try {
      expect(db.created).toBe(false);
      expect(lines.some((l) => l.includes('Demo data loaded'))).toBe(false);
      const { Count } = await db.doc.send(
        new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
          TableName: 'clientela',
          // The categories themselves (sk 0 holds the Sem categoria totals).
          KeyConditionExpression: 'pk = :pk AND sk >= :first',
          ExpressionAttributeValues: { ':pk': 'CATEGORIA', ':first': 1 },
          Select: 'COUNT',
        }),
      );
      expect(Count).toBe(5);
    } finally {
      await db.stop();
    }
  });
}, 180_000);
