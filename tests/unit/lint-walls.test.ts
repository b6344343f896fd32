/**
 * The walls of eslint.walls.js hold: a breach of each, planted as source text at a path of the
 * area it would sit in, fails lint with its reason; the same area's allowed imports pass.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the walls rule for `code` as the file `file` (relative to the root). */
async function wallMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'walls/imports').map((m) => m.message);
}

const breaches: [wall: string, file: string, code: string, reason: RegExp][] = [
  ['the contract imports nothing of the project', 'lambdas/contract/planted.ts', "import { routes } from '../routes.ts';", /imports nothing of the project/],
  ['the contract stays browser-safe', 'lambdas/contract/planted.ts', "import { createHash } from 'node:crypto';", /browser/],
  ['only the store imports the AWS SDK (services)', 'lambdas/services/planted.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';", /Only lambdas\/store\//],
  ['only the store imports the AWS SDK (http)', 'lambdas/http/planted.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", /Only lambdas\/store\//],
  ['only the store imports the AWS SDK (handlers)', 'lambdas/handlers/x/planted.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", /Only lambdas\/store\//],
  ['the store never imports services', 'lambdas/store/planted.ts', "import { getCliente } from '../services/clientes.ts';", /never reaches up/],
  ['the store never imports handlers', 'lambdas/store/planted.ts', "import { handler } from '../handlers/fallback.ts';", /never reaches up/],
  ['the store never imports the HTTP layer', 'lambdas/store/planted.ts', "import { json } from '../http/index.ts';", /never reaches up/],
  ['the store reports outcomes, not API errors', 'lambdas/store/planted.ts', "import { NotFoundError } from '../errors.ts';", /typed outcomes/],
  ['handlers go through services', 'lambdas/handlers/clientes/planted.ts', "import { readCliente } from '../../store/clientes.ts';", /go through services/],
  ['services know no HTTP', 'lambdas/services/planted.ts', "import { json } from '../http/index.ts';", /know no HTTP/],
  ['the HTTP layer knows no rules or storage', 'lambdas/http/planted.ts', "import { commit } from '../store/write.ts';", /knows no rules and no storage/],
  ['the cloud reaches only the route table and the table shape', 'infra/constructs/planted.ts', "import { MESSAGES } from '../../lambdas/contract/messages.ts';", /route table/],
  ['the cloud reaches no handler', 'infra/planted.ts', "import { handler } from '../lambdas/handlers/fallback.ts';", /route table/],
  ['the cloud runs no tools', 'infra/constructs/planted.ts', "import { seedDemo } from '../../tools/seed.ts';", /does not run the tools/],
  ['the local gateway loads handlers by path only', 'infra/local/planted.ts', "import { handler } from '../../lambdas/handlers/fallback.ts';", /loaded by path/],
  ['the local gateway reaches no store internals', 'infra/local/planted.ts', "import { commit } from '../../lambdas/store/write.ts';", /loaded by path/],
  ['tools write through the store, not services', 'tools/planted.ts', "import { createCliente } from '../lambdas/services/clientes.ts';", /never handlers, services/],
  // Every way of naming a module meets the same walls, not only a static import.
  ['a dynamic import() is walled too', 'lambdas/contract/planted.ts', "export const r = () => import('../routes.ts');", /imports nothing of the project/],
  ['a template-literal import() is walled too', 'lambdas/handlers/x/planted.ts', 'export const w = () => import(`../../store/write.ts`);', /go through services/],
  ['a type-only import() is walled too', 'lambdas/services/planted.ts', "export type H = typeof import('../http/index.ts');", /know no HTTP/],
  ['a re-export is walled too', 'lambdas/http/planted.ts', "export * from '../store/write.ts';", /knows no rules and no storage/],
  ['require() is walled too', 'lambdas/services/planted.ts', "export const sdk = require('@aws-sdk/client-dynamodb');", /Only lambdas\/store\//],
  ['the v2 AWS SDK is walled too', 'lambdas/handlers/x/planted.ts', "import AWS from 'aws-sdk';\nexport const a = AWS;", /Only lambdas\/store\//],
];

// The first lint loads the config and the TypeScript parser: seconds on a busy machine, once.
beforeAll(() => wallMessages('lambdas/contract/planted.ts', ''), 60_000);

describe('lint walls', { timeout: 30_000 }, () => {
  it.each(breaches)('%s: a breach fails lint with its reason', async (_wall, file, code, reason) => {
    const messages = await wallMessages(file, code);
    expect(messages, `${file}: ${code}`).toHaveLength(1);
    expect(messages[0]).toMatch(reason);
  });

  it.each([
    ['lambdas/contract/planted.ts', "import { LIMITS } from './limits.ts';\nimport * as z from 'zod';"],
    ['lambdas/store/planted.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nimport { foldName } from '../contract/text.ts';"],
    ['lambdas/services/planted.ts', "import { commit } from '../store/write.ts';\nimport { ConflictError } from '../errors.ts';"],
    ['lambdas/handlers/x/planted.ts', "import { httpHandler } from '../../http/index.ts';\nimport { getCliente } from '../../services/clientes.ts';"],
    ['infra/constructs/planted.ts', "import { routes } from '../../lambdas/routes.ts';\nimport { TABLE_KEY } from '../../lambdas/store/table.ts';"],
    ['infra/local/planted.ts', "import { MESSAGES } from '../../lambdas/contract/messages.ts';\nimport { resultBytes } from '../../lambdas/http/response.ts';\nimport { seedDemo } from '../../tools/seed.ts';\nimport { dynamoClientFromEnv } from '../../lambdas/store/client.ts';"],
    ['tools/planted.ts', "import { batchPut } from '../lambdas/store/batch.ts';\nimport { buildOpenApiDocument } from '../lambdas/openapi/document.ts';"],
  ])('%s: the area’s allowed imports pass', async (file, code) => {
    expect(await wallMessages(file, code)).toEqual([]);
  });
});

describe('conditional-check decoding', { timeout: 30_000 }, () => {
  const decoding = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    ['lambdas/store/planted.ts', "export const f = (e: Error) => e.name === 'ConditionalCheckFailedException';"],
    ['lambdas/http/planted.ts', 'export const f = (e: Record<string, unknown>) => e.CancellationReasons;'],
    ['tools/planted.ts', "export const f = (codes: string[]) => codes.includes('ThrottlingError');"],
  ])('%s: decoding a condition failure outside lambdas/store/write.ts fails lint', async (file, code) => {
    expect(await decoding(file, code)).toEqual([expect.stringMatching(/lambdas\/store\/write\.ts only/)]);
  });

  it('lambdas/store/write.ts decodes them', async () => {
    expect(await decoding('lambdas/store/write.ts', "export const f = (e: Error) => e.name === 'TransactionCanceledException';")).toEqual([]);
  });
});
