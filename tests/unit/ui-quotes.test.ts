/**
 * One quotation style across the web's UI texts (web/src/texts*.ts): typographic double quotes
 * (“Esqueci minha senha”), never straight ones, each opened one closed. Read from the modules'
 * string and template literals with TypeScript's own parser, so code inside a template
 * (`${n === 1 ? 'dia' : 'dias'}`) is not taken for text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const MODULES = readdirSync(SRC).filter((f) => /^texts(-[a-z]+)?\.ts$/.test(f));

/** The texts of a module: each string literal, and each template literal whole (its spans joined by `…`). */
function textsOf(source: string, name = 'x.ts'): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    // Module specifiers are not texts.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…'));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** What is wrong with one text's quotes, or undefined. */
function quoteProblem(text: string): string | undefined {
  if (text.includes('"')) return 'a straight double quote (use “ ”)';
  // A straight single quote around words (an apostrophe inside a word, d'água, is not a quote).
  if (/(^|[^\p{L}])'|'($|[^\p{L}])/u.test(text)) return "a straight single quote (use “ ”)";
  if (/[‘’]/.test(text.replace(/\p{L}’\p{L}/gu, ''))) return 'typographic single quotes (use “ ”)';
  let open = 0;
  for (const ch of text) {
    if (ch === '“') open += 1;
    else if (ch === '”' && --open < 0) return 'a ” before its “';
  }
  return open === 0 ? undefined : 'a “ never closed';
}

describe('quotes in the UI texts', () => {
  it('finds the text modules', () => {
    expect(MODULES).toContain('texts.ts');
    expect(MODULES.length).toBeGreaterThan(5);
  });

  it.each(MODULES)('%s uses one style: typographic double quotes, each closed', (module) => {
    const problems = textsOf(readFileSync(`${SRC}${module}`, 'utf8'), module)
      .map((text) => ({ text, problem: quoteProblem(text) }))
      .filter((p) => p.problem !== undefined);
    expect(problems).toEqual([]);
  });

  it('catches each way a text could mix styles, and lets code inside a template be', () => {
    expect(quoteProblem('Use “Esqueci minha senha” para criar uma nova.')).toBeUndefined();
    expect(quoteProblem('Use "Esqueci minha senha" para criar uma nova.')).toMatch(/straight double/);
    expect(quoteProblem("Use 'Esqueci minha senha' para criar uma nova.")).toMatch(/straight single/);
    expect(quoteProblem('Use ‘Esqueci minha senha’ para criar uma nova.')).toMatch(/typographic single/);
    expect(quoteProblem('Use “Esqueci minha senha para criar uma nova.')).toMatch(/never closed/);
    expect(quoteProblem('Copo d’água e pingo-d\'água')).toBeUndefined();
    const texts = textsOf("import { x } from './y.ts';\nexport const t = (n: number) => `Termina em ${n} ${n === 1 ? 'dia' : 'dias'}: “${x}”`;");
    expect(texts).toEqual(['Termina em … …: “…”', 'dia', 'dias']);
  });
});
