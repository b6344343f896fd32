/**
 * The Vite plugin that puts the local API on the site's own origin: `/api/*` goes to the Lambda
 * handlers (through the adapter), `/config.json` and `/cognito/` to the sign-in routes
 * (auth-routes.ts), before Vite's static files and SPA fallback, in `vite` (dev) and
 * `vite preview`. One DynamoDB Local and one cognito-local per process, kept across Vite restarts.
 */
import { readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { SECURITY_HEADERS } from '../security-headers.ts';
import { createApiMiddleware, HANDLERS_DIR, isApiPath, type HandlerLoader, type HandlerExport } from './adapter.ts';
import { COGNITO_PROXY_PATH, createAuthRoutes } from './auth-routes.ts';
import { localAuthorizerConfig } from './authorizer.ts';
import { createHostCheck, isLoopback } from './host-check.ts';
import { describeIdentity } from './user-pool.ts';
import {
  assertPortAvailable,
  isLocalSetupError,
  readLocalSettings,
  startLocalRuntime,
  type LocalRuntime,
} from './runtime.ts';

type CacheRules = { ASSETS_CACHE_CONTROL: string; ROOT_CACHE_CONTROL: string; ASSETS_DIR: string };
type SpaRewrite = (event: { request: { uri: string; cookies: Record<string, { value: string }> }; viewer: { ip: string } }) => { uri: string };

/**
 * The cloud's own rules, read from where the cloud defines them: the site construct's cache
 * headers, and the CloudFront Function that serves index.html for app routes (run here in a vm).
 * Loaded only for `vite preview` (the construct module pulls in aws-cdk-lib, ~0.4 s).
 */
async function cloudRules(): Promise<{ cache: CacheRules; spaRewrite: SpaRewrite }> {
  const site = (await import('../constructs/site.ts')) as CacheRules & { SPA_REWRITE_CODE_PATH: string };
  const code = readFileSync(site.SPA_REWRITE_CODE_PATH, 'utf8');
  const spaRewrite = vm.runInNewContext(`${code}\n;handler`, {}) as SpaRewrite;
  return { cache: site, spaRewrite };
}

// Vite re-evaluates the config (and this module) on restarts: the runtime lives on globalThis,
// so a config reload never starts a second JVM or cognito-local.
const KEY = Symbol.for('clientela.localDatabase');
type Holder = { [KEY]?: { db: Promise<LocalRuntime>; release(): void } };

function runtime(command: string, log: (line: string) => void): Promise<LocalRuntime> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const settings = readLocalSettings();
    const db = startLocalRuntime(settings, { command, seedDemoWhenNew: true, log });
    // Stop the JVM and cognito-local in order on Ctrl-C (Vite itself only handles SIGTERM), then
    // exit with the signal's code; the exit path (stdin pipe closed) covers every other way out.
    const onSignal = (signal: NodeJS.Signals) => {
      void db
        .then((d) => d.stop())
        .catch(() => undefined)
        .finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 1)));
    };
    const release = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGHUP', onSignal);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGHUP', onSignal);
    const entry = { db, release };
    holder[KEY] = entry;
    // A failed start may be retried by the next restart.
    db.catch(() => {
      release();
      if (holder[KEY] === entry) delete holder[KEY];
    });
  }
  return holder[KEY].db;
}

/** Stops this process's local database and cognito-local (the ones the plugin started), if any. */
export async function stopLocalDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const entry = holder[KEY];
  if (!entry) return;
  delete holder[KEY];
  entry.release();
  const db = await entry.db.catch(() => undefined);
  await db?.stop();
}

/** A Cookie header as CloudFront hands it to a viewer-request function: name → { value }. */
function cookiesOf(header: string | undefined): Record<string, { value: string }> {
  const cookies: Record<string, { value: string }> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = { value: part.slice(eq + 1).trim() };
  }
  return cookies;
}

/**
 * CloudFront in front of the built site: the production security headers on every response,
 * the SPA rewrite and the cache rules on site paths (never on `/api/*`).
 */
function cloudFrontEmulation(rules: { cache: CacheRules; spaRewrite: SpaRewrite }): Connect.NextHandleFunction {
  const { cache, spaRewrite } = rules;
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const url = req.url ?? '/';
    // The proxy is an API of the local server (in the cloud, the browser calls Cognito itself).
    if (!isApiPath(url) && !url.startsWith(COGNITO_PROXY_PATH)) {
      const q = url.indexOf('?');
      const pathname = q < 0 ? url : url.slice(0, q);
      // The viewer's address, as CloudFront hands it to the function (its network check reads it).
      const viewer = { ip: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '') };
      const rewritten = spaRewrite({ request: { uri: pathname, cookies: cookiesOf(req.headers.cookie) }, viewer }).uri;
      if (rewritten !== pathname) req.url = rewritten + (q < 0 ? '' : url.slice(q));
      const cacheControl = pathname.startsWith(`/${cache.ASSETS_DIR}/`)
        ? cache.ASSETS_CACHE_CONTROL
        : cache.ROOT_CACHE_CONTROL;
      res.setHeader('cache-control', cacheControl);
      // The static server passes its own Cache-Control to writeHead: drop it so ours stays.
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      res.writeHead = ((...args: unknown[]) => {
        for (const arg of args) {
          if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
            for (const key of Object.keys(arg)) {
              if (key.toLowerCase() === 'cache-control') delete (arg as Record<string, unknown>)[key];
            }
          }
        }
        res.setHeader('cache-control', cacheControl);
        return writeHead(...args);
      }) as ServerResponse['writeHead'];
    }
    next();
  };
}

/** True when this process is Vite's own CLI (`npm start`, `npm run preview`), not a test or script. */
function runByViteCli(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '').endsWith(path.join('vite', 'bin', 'vite.js'));
  } catch {
    return false;
  }
}

/**
 * Starts (or, after a config reload, reuses) the database, refusing a taken port first. A
 * problem the user fixes from its message (a taken port, a DATA_DIR in use, no Java) is printed as
 * its one line and ends Vite's CLI, which would otherwise print it with a stack trace.
 */
async function startRuntime(server: ViteDevServer | PreviewServer, command: string, log: (line: string) => void) {
  const firstStart = !(globalThis as Holder)[KEY];
  try {
    // A restart re-runs the plugin while this very process holds the port.
    if (firstStart && server.httpServer) {
      const { port, host } = 'ssrLoadModule' in server ? server.config.server : server.config.preview;
      if (port) await assertPortAvailable(port, typeof host === 'string' ? host : undefined, command, readLocalSettings());
    }
    return await runtime(command, log);
  } catch (err) {
    if (!isLocalSetupError(err)) throw err;
    if (runByViteCli()) {
      server.config.logger.error(err.message);
      process.exit(1);
    }
    err.stack = err.message;
    throw err;
  }
}

async function mountApi(server: ViteDevServer | PreviewServer, command: string): Promise<void> {
  const logger = server.config.logger;
  const log = (line: string) => logger.info(line, { timestamp: true });
  // Awaited here so Vite prints its URL only once the API can answer.
  const local = await startRuntime(server, command, log);
  const { db, identity } = local;
  // Once it listens, the lock names this URL: a second command sent away says where to go.
  server.httpServer?.once('listening', () => {
    const address = server.httpServer?.address() as AddressInfo | null;
    const { host } = 'ssrLoadModule' in server ? server.config.server : server.config.preview;
    const shown = typeof host !== 'string' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    if (address) local.setUrl(`http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}/`);
  });
  log(`API at /api · table "${db.tableName}" · data: ${db.where}${db.created ? ' (new)' : ''}`);
  const listenHost = hostOf(('ssrLoadModule' in server ? server.config.server : server.config.preview).host);
  if (identity && listenHost !== undefined && !isLoopback(listenHost)) {
    logger.warn(`Warning: HOST=${listenHost} lets other machines reach this server and its sign-in (the local pool is for development, not for people's data): use it only on a network you trust.`);
  }
  for (const line of describeIdentity(identity)) log(line);
  // In dev, handlers go through Vite's SSR module graph: an edited handler (or service) is
  // picked up by the next request without a restart. Preview loads them once, like Lambda.
  const dev = 'ssrLoadModule' in server ? server : undefined;
  const loadHandler: HandlerLoader | undefined = dev
    ? async (name) => {
        const mod = await dev.ssrLoadModule(path.join(HANDLERS_DIR, `${name}.ts`));
        if (typeof mod.handler !== 'function') throw new Error(`lambdas/handlers/${name}.ts has no "handler" export`);
        return mod.handler as HandlerExport;
      }
    : undefined;
  // The dev server shows the seeded administrator on /entrar (config.json `demo`); a production
  // build, as preview serves it, never does.
  server.middlewares.use(createAuthRoutes({ identity, demo: dev !== undefined }));
  // With sign-in on, every API route is behind the JWT authorizer, as in the cloud.
  server.middlewares.use(createApiMiddleware({ loadHandler, ...(identity ? { jwtAuthorizer: localAuthorizerConfig(identity) } : {}) }));
}

/** The host a Vite server was told to listen on (`HOST` or `--host NAME`), beside the loopback names. */
const hostOf = (host: string | boolean | undefined): string | undefined => (typeof host === 'string' ? host : undefined) ?? process.env.HOST;

/**
 * Mounts the local API at `/api` in Vite's dev and preview servers (before the SPA fallback);
 * preview also gets the production security and cache headers.
 */
export function clientelaLocalApi(): Plugin {
  return {
    name: 'clientela-local-api',
    async configureServer(server) {
      // Before every route: only a loopback Host (or HOST) reaches the app, /config.json included.
      server.middlewares.use(createHostCheck(hostOf(server.config.server.host)));
      await mountApi(server, 'npm start');
    },
    async configurePreviewServer(server) {
      server.middlewares.use(createHostCheck(hostOf(server.config.preview.host)));
      server.middlewares.use(cloudFrontEmulation(await cloudRules()));
      await mountApi(server, 'npm run preview');
    },
  };
}
