/** Test helpers for the web: the app in a memory router, a fake API behind `fetch`, a toast probe. */
import { act, render, screen, within } from '@testing-library/react';
import { resolveValue, useToasterStore } from 'react-hot-toast';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../../web/src/app/providers.tsx';
import { appRoutes } from '../../web/src/app/router.tsx';
import type { AuthConfig } from '../../web/src/lib/auth-config.ts';
import { startSession } from '../../web/src/lib/session.ts';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = Response | Promise<Response> | (() => Response | Promise<Response>);

/** A JSON response. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A promise you settle by hand: for "while the request is in flight" checks. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Replaces `fetch` with a fake API: `routes` maps "METHOD /api/path" to a reply (or a queue of
 * replies, used in order, the last one repeating). Unknown calls answer 404 `{mensagem}`.
 */
export function mockApi(routes: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers });
    const key = `${method} ${url.pathname}`;
    const entry = routes[key];
    if (entry === undefined) return json(404, { mensagem: `sem rota de teste: ${key}` });
    let reply: Reply;
    if (Array.isArray(entry)) {
      const i = used.get(key) ?? 0;
      used.set(key, i + 1);
      reply = entry[Math.min(i, entry.length - 1)]!;
    } else reply = entry;
    const res = typeof reply === 'function' ? await reply() : await reply;
    return res.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** Shows the current path, so tests can check navigation without waiting for the next page. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location" data-search={search}>
      {pathname}
    </output>
  );
}

/** The browser's Back button, for history checks. */
function BackProbe() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="history-back" hidden onClick={() => void navigate(-1)}>
      back
    </button>
  );
}

/** Presses the browser's Back button of the memory router. */
export const goBack = () => act(() => screen.getByTestId('history-back').click());

/** Lists the toasts of react-hot-toast's store: message, type, duration and whether visible. */
function ToastProbe() {
  const { toasts } = useToasterStore();
  return (
    <ul data-testid="toast-probe" hidden>
      {toasts.map((t) => (
        <li key={t.id} data-type={t.type} data-visible={String(t.visible)} data-duration={String(t.duration)}>
          {resolveValue(t.message, t)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Renders the whole app (layout, lazy routes, Toaster) at `path`, with sign-in off (the spec's
 * open mode) unless `auth` says otherwise. The session starts over for each render.
 */
export function renderApp(path: string, { auth = { auth: 'off' } }: { auth?: AuthConfig | Promise<AuthConfig> } = {}) {
  void startSession(auth);
  // The app's data router over its routes, in memory; the probes beside the pages.
  const router = createMemoryRouter(
    appRoutes(
      // A fresh SWR cache (and dedupe state) per test.
      <AppProviders extra={{ provider: () => new Map() }}>
        <Outlet />
        <LocationProbe />
        <BackProbe />
        <ToastProbe />
      </AppProviders>,
    ),
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

/** The current path of the memory router. */
export const currentPath = () => screen.getByTestId('location').textContent;

/** The current query string of the memory router ('?destino=…'). */
export const currentSearch = () => screen.getByTestId('location').dataset.search;

/** The toasts currently visible (not dismissed), as probe rows. */
export function visibleToasts() {
  const probe = screen.getByTestId('toast-probe');
  return within(probe)
    .queryAllByRole('listitem', { hidden: true })
    .filter((li) => li.dataset.visible === 'true');
}

/** The one visible toast whose text contains `text`, or undefined. */
export const visibleToast = (text: string) => visibleToasts().find((li) => li.textContent?.includes(text));

export const categoria = (id: number, descricao: string, versao = 1) => ({ id, descricao, versao });
export const produto = (id: number, nome: string, valorContrato: number, cat: { id: number; descricao: string } | null = null, versao = 1) => ({
  id,
  nome,
  segmento: 'Varejo',
  pontoFocal: 'Maria',
  valorContrato,
  categoria: cat,
  versao,
});

/** Fake only the timer functions and Date: React's scheduler and promises keep running. */
export const FAKE_TIMERS = { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] } as Parameters<typeof vi.useFakeTimers>[0];

/** Advances the fake clock by `ms` inside act, letting promises and renders settle. */
export async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets pending promises, renders and lazy pages settle without moving the clock. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await tick(0);
}

/** The toast as the user sees it (in the Toaster, not in the probe). */
export const shownToast = (text: string) =>
  screen.queryAllByText(text, { exact: false }).find((el) => !el.closest('[data-testid="toast-probe"]'));

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
