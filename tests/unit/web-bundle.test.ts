/**
 * The web bundles no zod: the contract's response types are inferred from zod schemas
 * (lambdas/contract/responses.ts), and the web must reach them type-only. esbuild follows the
 * site's entries with the web's alias and lists every module it would pull in.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webAliases } from '../../web/aliases.ts';

const file = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** Every module a bundle of `entries` pulls in (paths relative to the repository). */
async function bundledModules(entries: string[]): Promise<string[]> {
  const result = await build({
    entryPoints: entries.map(file),
    absWorkingDir: file('.'),
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'unused',
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    alias: { '@contract': webAliases[0]!.replacement },
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    // Vite's query imports (`?url`, `?worker`) are assets or separate bundles: not followed here.
    plugins: [{ name: 'vite-queries', setup: (b) => b.onResolve({ filter: /\?/ }, (a) => ({ path: a.path, external: true })) }],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

const isZod = (path: string) => /(^|\/)node_modules\/zod\//.test(path);

describe('the web bundle', { timeout: 60_000 }, () => {
  it('pulls in no zod (the site and its prerender)', async () => {
    const modules = await bundledModules(['web/src/main.tsx', 'web/src/prerender.tsx']);
    expect(modules.some((m) => m.startsWith('web/src/'))).toBe(true);
    expect(modules.filter(isZod)).toEqual([]);
  });

  it('would be caught pulling in the response schemas (the check sees zod)', async () => {
    const modules = await bundledModules(['lambdas/contract/responses.ts']);
    expect(modules.filter(isZod).length).toBeGreaterThan(0);
  });
});
