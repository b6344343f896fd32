/**
 * The build-time renderer of the pages whose content is static (web/prerender.ts runs it in
 * Node after the client build): React's static rendering of the whole app at a path, lazy pages
 * included, as the browser's first render will hydrate it (nobody signed in yet, no data).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { shellRoutes } from './app/App.tsx';
import { paths } from './paths.ts';
import { pageTitle, APP_TEXTS } from './texts/app.ts';
import { prerenderAs, type HomeLayout } from './lib/inicio.ts';

/**
 * The prerendered pages: path, file (under the build's `prerender/`), document title and, for the
 * home, its layout: the portfolio's space, or a visitor's (the edge picks, lib/inicio.ts).
 */
export const PRERENDERED: readonly { path: string; file: string; title: string; layout?: HomeLayout }[] = [
  { path: paths.root, file: 'inicio.html', title: pageTitle(APP_TEXTS.titles.home), layout: 'carteira' },
  { path: paths.root, file: 'inicio-visitante.html', title: pageTitle(APP_TEXTS.titles.home), layout: 'visitante' },
  { path: paths.sobreNos, file: 'sobre-nos.html', title: pageTitle(APP_TEXTS.titles.about) },
];

/**
 * The app at `path` through the static handler of the browser's routes (no loaders: nothing to
 * wait for). `hydrate={false}`: no inline script of router state (the CSP forbids it); the
 * browser's router starts from the URL alone, as it always does here.
 */
async function app(path: string) {
  const handler = createStaticHandler(shellRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the routes answered ${context.status}`);
  return (
    <StrictMode>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </StrictMode>
  );
}

/**
 * The HTML of the app at `path` (the content of `#root`). A first, static pass waits for the
 * lazy pages to load; the second renders with all of them loaded, so no boundary is left
 * pending: React would complete one with an inline script, which the CSP forbids.
 */
export async function render(path: string, layout: HomeLayout = 'carteira'): Promise<string> {
  prerenderAs(layout);
  await new Response((await prerender(await app(path))).prelude).text();
  const html = renderToString(await app(path));
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->') || html.includes('<script')) {
    throw new Error(`prerender ${path}: a part of the page did not render completely`);
  }
  return html;
}
