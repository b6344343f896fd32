/**
 * No import cycles (`cycles/no-cycle`): a module that imports, through any chain of value imports,
 * a module that imports it back fails lint, naming the chain. A value import is one the runtime
 * loads: static, re-exported, `import('…')` or `require('…')`, including `import { type X }`
 * (verbatimModuleSyntax keeps it as a load). `import type`, `export type` and `typeof import('…')`
 * are erased and do not count. tests/unit/lint-cycles.test.ts plants cycles of each kind.
 *
 * The graph of the other files is read from disk once per lint run (the file being linted is taken
 * from its source text), so the check costs one parse of each project file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * Cycles tolerated while they are being broken (each as its two files, relative to the root).
 * Empty: none is left, and an entry whose cycle is gone fails a test.
 * @type {readonly (readonly [string, string])[]}
 */
export const KNOWN_CYCLES = [];

/** Bare specifiers that name a project file (tsconfig.json `paths`, web/aliases.ts). */
const ALIASES = { '@contract': 'lambdas/contract/index.ts' };
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The project file a specifier names from `from`, or null (a package, or nothing on disk). */
function resolve(specifier, from) {
  let base;
  if (specifier in ALIASES) base = path.join(ROOT, ALIASES[specifier]);
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file.includes(`${path.sep}node_modules${path.sep}`) ? null : file;
  }
  return null;
}

const literal = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};

/** The value imports of a program: `{ specifier, node }` (node: where to report). */
function valueImports(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'ImportDeclaration':
        if (node.importKind !== 'type') found.push({ specifier: node.source.value, node });
        return;
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node.source && node.exportKind !== 'type') found.push({ specifier: node.source.value, node });
        break;
      case 'ImportExpression': {
        const specifier = literal(node.source);
        if (specifier !== null) found.push({ specifier, node });
        break;
      }
      case 'CallExpression':
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          const specifier = literal(node.arguments[0]);
          if (specifier !== null) found.push({ specifier, node });
        }
        break;
      case 'TSImportType':
        return;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(program);
  return found;
}

const isKnown = (a, b) => {
  const pair = [path.relative(ROOT, a), path.relative(ROOT, b)].map((p) => p.split(path.sep).join('/'));
  return KNOWN_CYCLES.some(([x, y]) => (pair[0] === x && pair[1] === y) || (pair[0] === y && pair[1] === x));
};

/** Each file's value-import targets, read from disk once per process. */
const edgesOnDisk = new Map();
function targetsOf(file) {
  let targets = edgesOnDisk.get(file);
  if (targets === undefined) {
    targets = [];
    try {
      const { ast: program } = tseslint.parser.parseForESLint(readFileSync(file, 'utf8'), { jsx: file.endsWith('.tsx'), loc: true, range: true });
      for (const { specifier } of valueImports(program)) {
        const target = resolve(specifier, file);
        if (target !== null && !isKnown(file, target)) targets.push(target);
      }
    } catch {
      // A file that doesn't parse gets its own lint error; it adds no edges here.
    }
    edgesOnDisk.set(file, targets);
  }
  return targets;
}

/** A chain of value imports from `start` back to `file` (the files in order), or null. */
function chainBack(start, file) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [at, chain] = stack.pop();
    for (const next of targetsOf(at)) {
      if (next === file) return chain;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...chain, next]]);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles through value imports (eslint.cycles.js).' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    return {
      'Program:exit'(program) {
        const reported = new Set();
        for (const { specifier, node } of valueImports(program)) {
          const target = resolve(specifier, file);
          if (target === null || target === file || reported.has(target) || isKnown(file, target)) continue;
          const chain = chainBack(target, file);
          if (chain === null) continue;
          reported.add(target);
          const names = [file, ...chain, file].map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
          context.report({ node, message: `Import cycle: ${names.join(' → ')}. Move what both need into a module of its own, or import types only.` });
        }
      },
    };
  },
};

/** The plugin the config registers as `cycles`. */
export const cyclesPlugin = { rules: { 'no-cycle': noCycle } };
