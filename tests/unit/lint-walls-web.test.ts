/**
 * The web's walls (eslint.config.js) hold: each planted breach fails lint with its rule, and the
 * allowed ways in pass. Linted as virtual files at real paths (ESLint's `lintText` + `filePath`).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule ids of the errors ESLint reports for `code` as if it were the file at `path`. */
async function errorsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const WEB_WALL = 'walls/imports';
const FEATURE_WALL = 'walls/features';
const PLACEMENT_WALL = 'walls/placement';

// ESLint's first run loads the parsers: seconds on 2 busy cores.
describe('web walls (eslint.config.js)', { timeout: 30_000 }, () => {
  it.each([
    ['a deep relative path into the contract', 'web/src/features/clientes/components/X.tsx', "import { LIMITS } from '../../../../../lambdas/contract/limits.ts';\nexport const x = LIMITS;", WEB_WALL],
    ['a relative path into a service', 'web/src/lib/x.ts', "import { criar } from '../../../lambdas/services/produtos.ts';\nexport const x = criar;", WEB_WALL],
    ['the infra', 'web/src/app/x.ts', "import { SECURITY_HEADERS } from '../../../infra/security-headers.ts';\nexport const x = SECURITY_HEADERS;", WEB_WALL],
    ['a file of the contract past its index (the zod schemas)', 'web/src/lib/x.ts', "import { parseProdutoInput } from '@contract/schemas.ts';\nexport const x = parseProdutoInput;", WEB_WALL],
    ['zod itself', 'web/src/features/categorias/x.ts', "import * as z from 'zod';\nexport const x = z;", WEB_WALL],
    ['categorias importing clientes', 'web/src/features/categorias/pages/X.tsx', "import { ClienteCard } from '../../clientes/components/ClienteCard.tsx';\nexport const x = ClienteCard;", FEATURE_WALL],
    ['clientes importing categorias (type only)', 'web/src/features/clientes/pages/X.tsx', "import type { Y } from '../../categorias/api.ts';\nexport type X = Y;", FEATURE_WALL],
    ['a feature through the features folder', 'web/src/features/clientes/x.ts', "import { y } from '../../features/categorias/y.ts';\nexport const x = y;", FEATURE_WALL],
    ['a shared component importing a feature', 'web/src/components/X.tsx', "import { y } from '../features/clientes/y.ts';\nexport const x = y;", FEATURE_WALL],
    ['lib importing a page', 'web/src/lib/x.ts', "import Home from '../pages/Home.tsx';\nexport const x = Home;", FEATURE_WALL],
    ['a feature loading another lazily (import())', 'web/src/features/clientes/x.ts', "export const y = () => import('../categorias/model.ts');", FEATURE_WALL],
    ['a feature importing the app shell', 'web/src/features/clientes/pages/X.tsx', "import { RequireUser } from '../../../app/guards.tsx';\nexport const x = RequireUser;", FEATURE_WALL],
    ['a feature importing a page of the site', 'web/src/features/categorias/pages/X.tsx', "import Home from '../../../pages/Home.tsx';\nexport const x = Home;", FEATURE_WALL],
    ['a feature loading the app shell lazily (import())', 'web/src/features/usuarios/x.ts', "export const y = () => import('../../app/router.tsx');", FEATURE_WALL],
    ['a text module importing a feature', 'web/src/texts/x.ts', "import { y } from '../features/clientes/model.ts';\nexport const x = y;", FEATURE_WALL],
    ['a text module importing the app shell', 'web/src/texts/x.ts', "import { y } from '../app/guards.tsx';\nexport const x = y;", FEATURE_WALL],
    ['a text module outside web/src/texts/', 'web/src/texts-novos.ts', "export const NOVOS_TEXTS = { heading: 'Novos' };", PLACEMENT_WALL],
    ['a text module inside a feature', 'web/src/features/clientes/texts.ts', "export const CLIENTE_TEXTS = { heading: 'Clientes' };", PLACEMENT_WALL],
    ['a lazy import of a service', 'web/src/lib/x.ts', "export const y = () => import('../../../lambdas/services/clientes.ts');", WEB_WALL],
    ['the AWS SDK', 'web/src/lib/x.ts', "import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';\nexport const x = CognitoIdentityProviderClient;", WEB_WALL],
  ])('refuses %s', async (_name, path, code, rule) => {
    const errors = await errorsOf(path, code);
    expect(errors.length, errors.join('\n')).toBe(1);
    expect(errors[0]).toMatch(new RegExp(`^${rule.replace(/[/@-]/g, '\\$&')}: `));
  });

  it.each([
    ['the contract through @contract', 'web/src/features/clientes/components/X.tsx', "import { LIMITS } from '@contract';\nimport type { Cliente } from '@contract';\nexport const x: Cliente | number = LIMITS.nome.max;"],
    ['a feature its own files, lib and components', 'web/src/features/categorias/pages/X.tsx', "import { y } from '../components/Y.tsx';\nimport { z } from '../../../lib/z.ts';\nimport { w } from '../../../components/W.tsx';\nexport const x = [y, z, w];"],
    ['a text module importing another and the contract', 'web/src/texts/x.ts', "import { CAMPOS } from './campos.ts';\nimport type { Cliente } from '@contract';\nexport const x: Partial<Cliente> = { nome: CAMPOS.nome };"],
    ['lib importing components, config and texts', 'web/src/lib/x.ts', "import { Spinner } from '../components/Spinner.tsx';\nimport { APP_TEXTS } from '../texts/app.ts';\nexport const x = [Spinner, APP_TEXTS];"],
  ])('allows %s', async (_name, path, code) => {
    expect(await errorsOf(path, code)).toEqual([]);
  });
});

describe('browser globals (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses a module-level window, document or self (it hides the global from the dev server’s React Refresh check), not a local one', async () => {
    const planted = 'function window() {\n  return 1;\n}\nexport const document = window();\nexport function f() {\n  const self = 2;\n  return self;\n}\n';
    expect(await errorsOf('web/src/pages/home/x.tsx', planted)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*browser global/),
      expect.stringMatching(/^no-restricted-syntax: .*browser global/),
    ]);
  });
});
