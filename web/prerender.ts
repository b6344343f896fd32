/**
 * Prerendering at build time, as a Vite plugin of the client build: once `vite build` has written
 * the app, a second (SSR) build of web/src/prerender.tsx renders `/` and `/sobre-nos` with React's
 * static rendering (`/` twice: for a visitor, and with the portfolio's space), and each goes into
 * its own HTML file, `prerender/<file>.html`: the built
 * index.html with the page inside `#root` (the browser hydrates it) and the page's title. The SPA
 * rewrite (infra/cloudfront/spa-rewrite.js, also run by the local server) serves those files for
 * those paths only; every other path keeps the empty shell. No inline script is added (the CSP):
 * the page's only script is a small boot module that starts hydration after the first paint.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { webAliases } from './aliases.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folder of the prerendered pages inside the build (the SPA rewrite names it too). */
export const PRERENDER_DIR = 'prerender';
const ROOT_ELEMENT = '<div id="root"></div>';

interface Renderer {
  PRERENDERED: readonly { path: string; file: string; title: string; layout?: string }[];
  render(path: string, layout?: string): Promise<string>;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/;

/**
 * The page's HTML: the shell with the rendered app in `#root`, its own title, and the stylesheet
 * inlined (the CSP allows inline styles, never inline scripts): the first paint needs no request
 * after the HTML.
 */
export function pageHtml(shell: string, app: string, title: string, css: (file: string) => string, boot?: string): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`prerender: the built index.html has no ${ROOT_ELEMENT}`);
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace(STYLESHEET, (_, file: string) => `<style>${css(file).replace(/<\/style/gi, '<\\/style')}</style>`)
    .replace(ROOT_ELEMENT, `<div id="root">${app}</div>`);
  if (boot) html = html.replace(MODULEPRELOAD, '').replace(ENTRY, `<script type="module" crossorigin src="/${boot}"></script>`);
  return html;
}

const ENTRY = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/;
const MODULEPRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * A prerendered page is painted from its HTML alone: its scripts (hydration) start after that
 * first paint instead of competing with it. The boot module then loads the app's entry and the
 * chunks the shell preloads, all at once (as the modulepreload links did).
 */
function bootModule(modules: readonly string[]): string {
  return `requestAnimationFrame(()=>setTimeout(()=>{for(const m of ${JSON.stringify(modules.map((m) => `/${m}`))})import(m)}));\n`;
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'clientela-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      // Inside the project, so the bundle's external imports (react, …) resolve from node_modules.
      const ssrOut = path.join(ROOT, 'node_modules', '.cache', `clientela-prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root: path.join(ROOT, 'web'),
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: webAliases },
          build: { ssr: path.join(ROOT, 'web', 'src', 'prerender.tsx'), outDir: ssrOut, emptyOutDir: true, minify: false },
        });
        const renderer = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as Renderer;
        const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const cssFile = STYLESHEET.exec(shell)?.[1];
        const css = cssFile ? await readFile(path.join(outDir, cssFile), 'utf8') : '';
        await mkdir(path.join(outDir, PRERENDER_DIR), { recursive: true });
        const entry = ENTRY.exec(shell)?.[1];
        if (!entry) throw new Error('prerender: the built index.html has no entry script');
        const preloaded = [...shell.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
        const code = bootModule([entry, ...preloaded]);
        const boot = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        await writeFile(path.join(outDir, boot), code);
        for (const page of renderer.PRERENDERED) {
          const html = pageHtml(shell, await renderer.render(page.path, page.layout), page.title, () => css, boot);
          await writeFile(path.join(outDir, PRERENDER_DIR, page.file), html);
        }
      } finally {
        await rm(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
