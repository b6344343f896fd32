/**
 * Comments say why, not when: none points at an issue number (history belongs to git) or at a
 * file the repository does not have. Every source file under the project's code folders is
 * parsed and its comments (not its strings: test titles may name what they test) are checked.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['lambdas', 'web/src', 'infra', 'tools', 'tests'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', '.data', 'results']);

/** The TypeScript parser lint uses, as far as this test reads it. */
interface SourceComment {
  value: string;
  loc: { start: { line: number } };
}
const parser = tseslint.parser as unknown as {
  parseForESLint(code: string, options: Record<string, unknown>): { ast: { comments?: SourceComment[] } };
};

/** What no comment may say, and why. */
const FORBIDDEN: [RegExp, string][] = [
  [/issue\s*#?\d+/i, 'an issue number'],
  [/\bSPEC\.md\b|\bAUTH-DESIGN\b/, 'a file the repository does not have'],
];

/** `line: what` for each comment of `code` that says something forbidden. */
export function forbiddenComments(code: string, file: string): string[] {
  const comments = parser.parseForESLint(code, { comment: true, loc: true, range: true, jsx: file.endsWith('.tsx') }).ast.comments ?? [];
  return comments.flatMap((comment) =>
    FORBIDDEN.filter(([re]) => re.test(comment.value)).map(([, what]) => `${comment.loc.start.line}: ${what}: ${comment.value.trim().split('\n')[0]}`),
  );
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

describe('comments', () => {
  it('the check sees comments of every form, and only comments', () => {
    const code = [
      '// fixed in issue 12',
      '/** As Issue #7 asked. */',
      "it('keeps what issue 3 fixed', () => {}); // fine",
      'const x = 1; /* see SPEC.md */',
      '// AUTH-DESIGN says so',
      "const y = 'issue 4';",
    ].join('\n');
    expect(forbiddenComments(code, 'planted.ts')).toEqual([
      '1: an issue number: fixed in issue 12',
      '2: an issue number: * As Issue #7 asked.',
      '4: a file the repository does not have: see SPEC.md',
      '5: a file the repository does not have: AUTH-DESIGN says so',
    ]);
    expect(forbiddenComments('const Page = () => <p>{/* issue 9 */}</p>;', 'planted.tsx')).toEqual(['1: an issue number: issue 9']);
  });

  it('no source comment names an issue number or a missing file', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      forbiddenComments(fs.readFileSync(file, 'utf8'), file).map((hit) => `${path.relative(ROOT, file)}:${hit}`),
    );
    expect(found).toEqual([]);
    // Parsing every source file takes ~19 s on a busy machine: the project's 20 s would flake.
  }, 120_000);
});
