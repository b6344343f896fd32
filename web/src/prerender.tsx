/**
 * The build-time renderer of the pages whose content is static (web/prerender.ts runs it in
 * Node after the client build): React's static rendering of the whole app at a path, lazy pages
 * included, as the browser's first render will hydrate it (nobody signed in yet, no data).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppShell } from './app/App.tsx';
import { paths } from './paths.ts';
import { pageTitle, T } from './texts.ts';

/** The prerendered routes: path, file (under the build's `prerender/`) and document title. */
export const PRERENDERED = [
  { path: paths.root, file: 'inicio.html', title: pageTitle(T.titles.home) },
  { path: paths.sobreNos, file: 'sobre-nos.html', title: pageTitle(T.titles.about) },
] as const;

/** The HTML of the app at `path` (the content of `#root`). */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppShell />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
