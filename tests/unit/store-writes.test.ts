/**
 * The store owns its writes: operations are declarative, and one module (lambdas/store/write.ts)
 * renders them to the SDK. No other file under lambdas/ or tools/ builds a TransactItem, an
 * UpdateExpression or a ConditionExpression, nor sends a write command of its own (queries keep
 * their KeyConditionExpression in the store's read modules). Also how the renderer writes an
 * operation, and that an import's packing merges additions without reading expressions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOf, anyOf, compare, contains, equals, exists, missing, sizeIs, toTransactItem, type AnyOp } from '../../lambdas/store/write.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RENDERER = 'lambdas/store/write.ts';
/** Words only the renderer may write (KeyConditionExpression is a query's, not a write's). */
const WRITE_WORDS = /\b(?:TransactItems?|TransactWriteCommand|UpdateCommand|PutCommand|DeleteCommand)\b|(?<!Key)(?:UpdateExpression|ConditionExpression)\b/;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

describe('writes are rendered in one place', () => {
  it('no file under lambdas/ or tools/ but the renderer names a write expression or command', () => {
    const offenders = [...sources('lambdas'), ...sources('tools')]
      .filter((file) => file !== RENDERER)
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (WRITE_WORDS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it('the check finds a planted breach', () => {
    expect(WRITE_WORDS.test("item: { Update: { UpdateExpression: 'SET a = :a' } }")).toBe(true);
    expect(WRITE_WORDS.test("ConditionExpression: 'attribute_exists(pk)'")).toBe(true);
    expect(WRITE_WORDS.test("KeyConditionExpression: 'pk = :pk'")).toBe(false);
  });

  it('renders a put, an update, a delete and a check with their conditions and placeholders', () => {
    const put: AnyOp = { name: 'p', put: { pk: 'A', sk: 1, nome: 'x' }, condition: missing('pk') };
    expect(toTransactItem(put, 't')).toEqual({
      Put: { TableName: 't', Item: { pk: 'A', sk: 1, nome: 'x' }, ConditionExpression: 'attribute_not_exists(#pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ExpressionAttributeNames: { '#pk': 'pk' } },
    });
    const update: AnyOp = {
      name: 'u',
      key: { pk: 'A', sk: 1 },
      update: { set: { nome: 'y' }, setFrom: { expira: 'expiresAt' }, add: { produtos: 2 }, remove: ['email'], deleteFromSet: { ids: new Set([3]) } },
      condition: allOf(exists('pk'), anyOf(missing('versao'), equals('versao', 4)), compare('produtos', '>=', 0), contains('ids', 3), sizeIs('ids', 2)),
    };
    expect(toTransactItem(update, 't').Update).toMatchObject({
      Key: { pk: 'A', sk: 1 },
      UpdateExpression: 'SET #nome = :v0, #expira = #expiresAt ADD #produtos :v1 REMOVE #email DELETE #ids :v2',
      ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#versao) OR #versao = :v3) AND #produtos >= :v4 AND contains(#ids, :v5) AND size(#ids) = :v6',
      ExpressionAttributeValues: { ':v0': 'y', ':v1': 2, ':v2': new Set([3]), ':v3': 4, ':v4': 0, ':v5': 3, ':v6': 2 },
    });
    // Without a condition: no old image asked, no placeholders sent.
    expect(toTransactItem({ name: 'd', key: { pk: 'A', sk: 1 }, delete: true }, 't')).toEqual({ Delete: { TableName: 't', Key: { pk: 'A', sk: 1 } } });
    expect(toTransactItem({ name: 'c', key: { pk: 'A', sk: 1 }, check: true, condition: equals('versao', 1) }, 't').ConditionCheck).toMatchObject({ ConditionExpression: '#versao = :v0' });
  });
});
