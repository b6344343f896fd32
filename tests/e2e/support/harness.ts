/**
 * The browser suite's harness: one connection per test file to the run's Chromium, a fresh
 * context per test, and guards on every page that fail the test on an uncaught error, a console
 * error, a failed request or an HTTP error response that the test did not cause on purpose.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
  type Route,
} from 'playwright-core';
import './env.ts';

export const E2E = inject('e2e');

if (!E2E.enabled) {
  console.warn('\n!!! [e2e] Chromium not found: this browser test file is SKIPPED (see the banner above). !!!\n');
}

/** `describe` that runs only when the run has a browser (outside CI a missing Chromium skips loudly). */
export const describeBrowser = describe.runIf(E2E.enabled);

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;
/** The browser's time zone: its calendar (today, the year) is not the test process's (UTC here) for 3 hours a day. */
export const BROWSER_TIME_ZONE = 'America/Sao_Paulo';

/** The browser's date, `days` from today, as YYYY-MM-DD. */
export function browserDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The browser's year. */
export const browserYear = (): number => Number(browserDate().slice(0, 4));

/** Short waits: the app runs locally; a slow answer is a finding, not something to wait out. */
const ACTION_TIMEOUT_MS = 7_000;

type UrlMatcher = RegExp | ((url: URL) => boolean);

export interface Session {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another tab in the same context, with the same guards. */
  newTab(): Promise<Page>;
  /** Declares that failures of matching requests (HTTP errors, aborts) are caused on purpose. */
  allowFailures(match: UrlMatcher): void;
  /** What the guards caught so far. */
  readonly problems: string[];
}

function matches(m: UrlMatcher, url: string): boolean {
  const u = new URL(url);
  return m instanceof RegExp ? m.test(u.pathname + u.search) : m(u);
}

/**
 * Registers the per-file browser connection and per-test context cleanup; returns `open`, which
 * makes a guarded page in a fresh context.
 */
export function useBrowser(): { open: (options?: BrowserContextOptions) => Promise<Session> } {
  let browser: Browser | undefined;
  // Each open session with the function that stops its guards and closes it.
  const sessions: Array<() => Promise<string[]>> = [];

  beforeAll(async () => {
    browser = await chromium.connect(E2E.wsEndpoint);
  });

  afterEach(async () => {
    const problems: string[] = [];
    for (const close of sessions.splice(0)) problems.push(...(await close()));
    if (problems.length) throw new Error(`The browser reported problems:\n- ${problems.join('\n- ')}`);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  });

  async function open(options: BrowserContextOptions = {}): Promise<Session> {
    if (!browser) throw new Error('no browser connection');
    const context = await browser.newContext({
      baseURL: E2E.baseUrl,
      viewport: DESKTOP,
      locale: 'pt-BR',
      timezoneId: BROWSER_TIME_ZONE,
      ...options,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(15_000);
    const allowed: UrlMatcher[] = [];
    const problems: string[] = [];
    let intendedFailures = 0;
    const state = { closed: false };
    const isAllowed = (url: string) => allowed.some((m) => matches(m, url));

    const guard = (page: Page) => {
      // A test's page.goto cuts the old document's requests short (net::ERR_ABORTED): not a
      // failure of the app. Excused: requests that were in flight when a new document was
      // requested, or that started while one was on its way (the old document still runs).
      let epoch = 0;
      let pendingNavigation = false;
      const startedAt = new WeakMap<Request, { epoch: number; pending: boolean }>();
      page.on('request', (req) => {
        if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
          epoch++;
          pendingNavigation = true;
        } else {
          startedAt.set(req, { epoch, pending: pendingNavigation });
        }
      });
      page.on('domcontentloaded', () => {
        pendingNavigation = false;
      });
      const cutByNavigation = (req: Request) => {
        const at = startedAt.get(req);
        return req.failure()?.errorText === 'net::ERR_ABORTED' && !!at && (at.pending || epoch > at.epoch);
      };
      page.on('pageerror', (err) => {
        if (!state.closed) problems.push(`uncaught error on ${page.url()}: ${err.stack ?? err.message}`);
      });
      page.on('console', (msg) => {
        if (state.closed || msg.type() !== 'error') return;
        const text = msg.text();
        const source = msg.location().url;
        if (text.startsWith('Failed to load resource') && source && isAllowed(source)) return;
        // The app may log a failure the test caused (the spec logs list-load errors); a CSP
        // violation ("Refused to ...") is never excused.
        if (intendedFailures > 0 && !text.startsWith('Refused')) return;
        problems.push(`console error on ${page.url()}: ${text}${source ? ` (${source})` : ''}`);
      });
      page.on('requestfailed', (req) => {
        if (state.closed || cutByNavigation(req)) return;
        if (isAllowed(req.url())) {
          intendedFailures++;
          return;
        }
        problems.push(`request failed: ${req.method()} ${req.url()} (${req.failure()?.errorText ?? '?'})`);
      });
      page.on('response', (res) => {
        if (state.closed || res.status() < 400) return;
        if (isAllowed(res.url())) {
          intendedFailures++;
          return;
        }
        problems.push(`HTTP ${res.status()} for ${res.request().method()} ${res.url()}`);
      });
    };

    const page = await context.newPage();
    guard(page);
    const session: Session = {
      context,
      page,
      problems,
      allowFailures: (m) => allowed.push(m),
      newTab: async () => {
        const p = await context.newPage();
        guard(p);
        return p;
      },
    };
    sessions.push(async () => {
      // Stop recording first: requests cut by the close are not the app's fault.
      state.closed = true;
      await context.close().catch(() => undefined);
      return problems;
    });
    return session;
  }

  return { open };
}

// ---------------------------------------------------------------------------------------------
// Page helpers

/** Waits until the page's path is `path` (client-side navigations included). */
export async function expectPath(page: Page, path: string, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await expect.poll(() => new URL(page.url()).pathname, { timeout, interval: 50 }).toBe(path);
  } catch (err) {
    // Say what the page said (a form's alert, a toast): the path alone hides why it stayed.
    const said = await page
      .locator('main [role="alert"], [data-rht-toaster] :is([role="status"], [role="alert"])')
      .allTextContents()
      .catch(() => []);
    const main = (await page.locator('main').innerText().catch(() => '')).slice(0, 400);
    const fields = await page.locator('main input').evaluateAll((els) => els.map((e) => `${(e as HTMLInputElement).name}=${(e as HTMLInputElement).type === 'password' ? '*'.repeat((e as HTMLInputElement).value.length) : (e as HTMLInputElement).value}`)).catch(() => []);
    throw new Error(`still on ${new URL(page.url()).pathname}, not ${path}; the page says: ${JSON.stringify(said)}; main: ${JSON.stringify(main)}; fields: ${fields.join(' ')}`, { cause: err });
  }
}

/** Toast messages: react-hot-toast gives them `role="status"` (the app's error toasts `role="alert"`). */
const TOAST_MESSAGE = '[data-rht-toaster] :is([role="status"], [role="alert"])';

/** The toast whose text contains `text`. */
export function toast(page: Page, text: string): Locator {
  return page.locator(TOAST_MESSAGE, { hasText: text });
}

/**
 * A toast's life stage: 'shown', 'leaving' (dismissed: react-hot-toast drops the wrapper's
 * active class and plays the exit animation before removing it) or 'gone'.
 */
export async function toastState(page: Page, text: string): Promise<'shown' | 'leaving' | 'gone'> {
  return page.evaluate(([t, sel]) => {
    const msgs = [...document.querySelectorAll(sel)].filter((el) =>
      (el.textContent ?? '').includes(t),
    );
    if (!msgs.length) return 'gone';
    const wrappers = msgs.map((el) => {
      let w: Element | null = el;
      while (w && w.parentElement && !w.parentElement.hasAttribute('data-rht-toaster')) w = w.parentElement;
      return w;
    });
    return wrappers.some((w) => w && w.className.trim() !== '') ? 'shown' : 'leaving';
  }, [text, TOAST_MESSAGE] as const);
}

/** Waits until the toast bars' entry animation (react-hot-toast sets it inline) is over. */
export async function toastsSettled(page: Page, timeout = 3_000): Promise<void> {
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return (
            target instanceof HTMLElement &&
            target.style.animationName !== '' &&
            target.closest('[data-rht-toaster]') &&
            a.playState !== 'finished'
          );
        })
        .map((a) => `${(a as CSSAnimation).animationName ?? 'transition'} ${a.playState} ${String(a.currentTime)}`),
    );
  await expect.poll(running, { timeout, interval: 50 }).toEqual([]);
}

/** Waits until every toast has closed and left the page (a toast's timer may end mid-audit otherwise). */
export async function toastsGone(page: Page, timeout = 8_000): Promise<void> {
  await expect.poll(() => page.locator('[data-rht-toaster] > div').count(), { timeout, interval: 100 }).toBe(0);
}

/** Waits until the element is visible. */
export async function visible(locator: Locator, timeout = ACTION_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** The page's main heading (h1). */
export function heading(page: Page): Locator {
  return page.locator('h1').first();
}

/** Waits until no loading spinner is left in the page's main content. */
export async function loaded(page: Page, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  await heading(page).waitFor({ state: 'visible', timeout });
  await page.locator('main [role="status"][aria-label="Carregando..."]').first().waitFor({ state: 'hidden', timeout });
}

/** Filters the page's list: types the query and applies it with 'Buscar' or Enter. */
export async function search(page: Page, query: string, via: 'button' | 'enter' = 'button'): Promise<void> {
  const form = page.getByRole('search');
  const box = form.getByRole('searchbox');
  await box.fill(query);
  if (via === 'enter') await box.press('Enter');
  else await form.getByRole('button', { name: 'Buscar' }).click();
}

/** A card (article) of the current list whose text contains `text`. */
export function card(page: Page, text: string): Locator {
  return page.locator('main').getByRole('article').filter({ hasText: text });
}

// ---------------------------------------------------------------------------------------------
// Faults

export interface Fault {
  method?: string;
  /** Path below the origin, e.g. /api/categorias or a RegExp on the path. */
  path: string | RegExp;
  status?: number;
  /** JSON body (default `{mensagem}`), or a raw string (sent as text/html). */
  body?: unknown;
  abort?: boolean;
  /** Hold the response until this promise settles (a slow API). */
  holdUntil?: Promise<unknown>;
}

const pathMatches = (p: string | RegExp, pathname: string) => (typeof p === 'string' ? pathname === p : p.test(pathname));

/**
 * Makes matching API requests fail (or hang) in this session's page, and declares those
 * failures intended. Returns a counter of the requests it caught.
 */
export async function injectFault(s: Session, fault: Fault, page: Page = s.page): Promise<{ count: number }> {
  const hits = { count: 0 };
  s.allowFailures((u) => pathMatches(fault.path, u.pathname));
  await page.route(
    (u) => pathMatches(fault.path, u.pathname),
    async (route: Route) => {
      if (fault.method && route.request().method() !== fault.method) return route.fallback();
      hits.count++;
      if (fault.holdUntil) await fault.holdUntil;
      if (fault.abort) return route.abort('connectionrefused');
      const status = fault.status ?? 500;
      if (typeof fault.body === 'string') {
        return route.fulfill({ status, contentType: 'text/html', body: fault.body });
      }
      return route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify(fault.body ?? { mensagem: 'Erro interno do servidor. Tente novamente mais tarde.' }),
      });
    },
  );
  return hits;
}

/** A promise with its resolve function exposed (to hold an intercepted response). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Holds matching requests until released, then lets them reach the real API (a slow server).
 */
export async function holdRequests(page: Page, path: string | RegExp, method?: string): Promise<{ release: () => void; count: () => number }> {
  const gate = deferred();
  let count = 0;
  await page.route(
    (u) => pathMatches(path, u.pathname),
    async (route) => {
      if (method && route.request().method() !== method) return route.fallback();
      count++;
      await gate.promise;
      await route.fallback().catch(() => undefined);
    },
  );
  return { release: gate.resolve, count: () => count };
}
