/**
 * Names that explain themselves: no module exports a one- or two-letter name (`PK`, `T`, `Db`),
 * which a reader elsewhere meets with no definition in sight. Every source file under the
 * project's code folders is parsed and each name it exports is checked.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['lambdas', 'web/src', 'infra', 'tools', 'tests'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', '.data', 'results']);
const TOO_SHORT = 2;

/** The names a binding (`const { a, b: [c] } = ...`) declares. */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** Every name `code` exports, with its line (a default export has no name of its own). */
export function exportedNames(code: string, file: string): { name: string; line: number }[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const names: { name: string; line: number }[] = [];
  const visit = (statements: ts.NodeArray<ts.Statement>) => {
    for (const statement of statements) {
      if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        if (clause && ts.isNamedExports(clause)) for (const element of clause.elements) names.push({ name: element.name.text, line: at(element) });
        else if (clause && ts.isNamespaceExport(clause)) names.push({ name: clause.name.text, line: at(clause) });
        continue;
      }
      if (!isExported(statement) || isDefault(statement)) continue;
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) for (const name of boundNames(declaration.name)) names.push({ name, line: at(declaration) });
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isModuleDeclaration(statement)) &&
        statement.name &&
        ts.isIdentifier(statement.name)
      ) {
        names.push({ name: statement.name.text, line: at(statement) });
        // A namespace's own exports are reached through its name, but are names too.
        if (ts.isModuleDeclaration(statement) && statement.body && ts.isModuleBlock(statement.body)) visit(statement.body.statements);
      }
    }
  };
  visit(source.statements);
  return names;
}

/** `line: name` for each exported name of `code` that is one or two letters long. */
export function shortExports(code: string, file: string): string[] {
  return exportedNames(code, file)
    .filter(({ name }) => name.replace(/^[_$]+/, '').length <= TOO_SHORT)
    .map(({ name, line }) => `${line}: ${name}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

describe('exported names', () => {
  it('the check sees every form of export, and only exports', () => {
    const code = [
      'export const PK = { cliente: "PRODUTO" };',
      'export function f() {}',
      'export class Db {}',
      'export interface T { a: string }',
      'export type Op = string;',
      'export enum E { A }',
      'export const { a, b: [cd] } = { a: 1, b: [2] };',
      'const value = 1;',
      'export { value as v, value as valor };',
      "export * as C from './texts.ts';",
      'export namespace Texts { export const L = 1; }',
      'const x = 1;',
      'function g() {}',
      'export default function h() {}',
      'export const TABLE_KEY = 1, rows = 2;',
      'export { x as default };',
    ].join('\n');
    expect(shortExports(code, 'planted.ts')).toEqual(['1: PK', '2: f', '3: Db', '4: T', '5: Op', '6: E', '7: a', '7: cd', '9: v', '10: C', '11: L']);
    expect(exportedNames(code, 'planted.ts').map((e) => e.name)).toEqual(
      expect.arrayContaining(['valor', 'Texts', 'TABLE_KEY', 'rows', 'default']),
    );
    expect(shortExports('export function Page() { return <p>{x}</p>; }', 'planted.tsx')).toEqual([]);
  });

  it('no source file exports a one- or two-letter name', { timeout: 120_000 }, () => {
    const found = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))).flatMap((file) =>
      shortExports(fs.readFileSync(file, 'utf8'), file).map((what) => `${path.relative(ROOT, file)}:${what}`),
    );
    expect(found).toEqual([]);
  });
});
