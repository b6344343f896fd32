/**
 * The docs name only what the project has: every `npm run …` is a script, every `npx …` a tool
 * installed here (and the file it runs exists), every repository path and every link to a page
 * or a heading exists, in README.md, SECURITY.md and docs/*.md. Paths git ignores (what a command
 * generates, the settings file) and placeholders (`<id>`, `*`) are not looked for.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['README.md', 'SECURITY.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** npm's own commands the docs may name. */
const NPM_COMMANDS = ['install', 'ci', 'audit', 'run'];
/** The CDK CLI's commands the docs may name. */
const CDK_COMMANDS = ['bootstrap', 'diff', 'synth', 'deploy', 'destroy', 'import'];
/** Where a path the docs name starts: a top-level folder or file of the repository. */
const TOP_LEVEL = fs.readdirSync(ROOT).filter((name) => !['node_modules', '.git'].includes(name));

/** .gitignore's patterns as regexes on a repository path (enough for this file's simple patterns). */
const ignored: RegExp[] = fs
  .readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
  .map((pattern) => {
    const body = pattern.replace(/\/$/, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    return new RegExp(`(^|/)${body}(/|$)`);
  });
const isIgnored = (file: string) => ignored.some((re) => re.test(file)) && file !== 'clientela.config.example.json';
const isPlaceholder = (file: string) => /[<>*…]|\$\{/.test(file);

/** GitHub's anchor of a heading. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (file: string) =>
  new Set([...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slugOf(m[1]!)));

const read = (page: string) => fs.readFileSync(path.join(ROOT, page), 'utf8');
/** The page's code: fenced blocks and inline code spans (where commands are written). */
const codeOf = (text: string) => [...text.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2]!).join('\n');

/** What `text` (the page `page`) names that the project lacks, one line each. */
function problemsOf(page: string, text: string): string[] {
  const problems: string[] = [];
  const code = codeOf(text);
  for (const [, name] of code.matchAll(/npm run ([\w:-]+)/g)) if (!scripts[name!]) problems.push(`npm run ${name}: no such script`);
  for (const [, name] of code.matchAll(/\bnpm (?!run\b)([a-z][\w-]*)/g)) {
    if (!NPM_COMMANDS.includes(name!) && !scripts[name!]) problems.push(`npm ${name}: no such script`);
  }
  for (const [command, tool, rest] of code.matchAll(/\bnpx ([\w@/.-]+)((?: [^\s`|)]+)*)/g)) {
    const name = tool!.replace(/@[^/]*$/, '');
    if (!fs.existsSync(path.join(ROOT, 'node_modules', '.bin', name))) problems.push(`${command}: ${name} is not installed`);
    const args = rest!.trim().split(/\s+/).filter(Boolean);
    if (name === 'cdk' && args[0] && !isPlaceholder(args[0]) && !CDK_COMMANDS.includes(args[0])) problems.push(`${command}: no such cdk command`);
    for (const arg of args.filter((a) => /\.(ts|mts|js|mjs|json)$/.test(a) && !isPlaceholder(a))) {
      if (!fs.existsSync(path.join(ROOT, arg))) problems.push(`${command}: no file ${arg}`);
    }
  }
  const named = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!.replace(/[.,:;]$/, '').replace(/^\.\//, ''))
    .filter((p) => TOP_LEVEL.includes(p.split('/')[0]!) && (p.includes('/') || p.includes('.')))
    .filter((p) => !isPlaceholder(p) && !isIgnored(p));
  for (const file of named) if (!fs.existsSync(path.join(ROOT, file))) problems.push(`${file}: no such path`);
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target!)) continue;
    const [file, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
    if (!fs.existsSync(path.join(ROOT, resolved))) problems.push(`link ${target}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) problems.push(`link ${target}: no such heading`);
  }
  return problems;
}

describe('docs', () => {
  it.each(PAGES)('%s names only scripts, tools, files, pages and headings the project has', (page) => {
    expect(problemsOf(page, read(page))).toEqual([]);
  });

  it('the check finds each kind of stale name', () => {
    const planted = [
      'Run `npx tsx tests/run.ts tests/api/produtos.test.ts` or `npm run nope` or `npx cdk nope`,',
      'see `lambdas/nope.ts`, [the pages](docs/nope.md) and [x](docs/deploy.md#nope).',
      'Fine: `npm test`, `npx cdk deploy`, `web/dist`, `clientela.config.json`, `docs/<page>.md`, [deploy](docs/deploy.md#upgrade).',
    ].join('\n');
    expect(problemsOf('README.md', planted)).toEqual([
      'npm run nope: no such script',
      'npx tsx tests/run.ts tests/api/produtos.test.ts: no file tests/api/produtos.test.ts',
      'npx cdk nope: no such cdk command',
      'lambdas/nope.ts: no such path',
      'link docs/nope.md: no such file',
      'link docs/deploy.md#nope: no such heading',
    ]);
  });

  it('reads GitHub anchors and .gitignore as they are', () => {
    expect(slugOf('Destroy, and what each step keeps')).toBe('destroy-and-what-each-step-keeps');
    expect(slugOf("Invitations from the company's domain")).toBe('invitations-from-the-companys-domain');
    expect(isIgnored('web/dist')).toBe(true);
    expect(isIgnored('tests/bench/results/latest.json')).toBe(true);
    expect(isIgnored('clientela.config.json')).toBe(true);
    expect(isIgnored('clientela.config.example.json')).toBe(false);
    expect(isIgnored('lambdas/routes.ts')).toBe(false);
  });
});
