/**
 * Category names that look the same are the same: invisible characters are dropped, bidirectional
 * controls refused, a name needs a letter or digit, and Cyrillic or Greek twins of Latin letters
 * fold to them, by POST, PUT and the import. Names stored before the rule keep working: on a table written by
 * the release before it (its claims under the first fold, its marker), the first category write
 * claims them under the new fold, look-alikes stored side by side stay as duplicates from before
 * the rule, and writes to them never fail.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lambdas/contract/index.ts';
import { firstFoldName, foldName } from '../../lambdas/contract/text.ts';
import { NAME_CLAIMS_MARKER, nameClaimKey } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { call, startApi, type TestApi } from './helpers.ts';

describe('the fold', () => {
  it('drops invisible characters, folds Cyrillic and Greek twins to Latin, and keeps Latin look-alikes apart', () => {
    for (const name of ['Ata\u200bcado', 'Ata\u200ccado', 'Ata\u2060cado', 'Ata\u00adcado', 'Atаcado', 'АТАСАDО', 'Atacαdο', 'Ata\ufeffcado']) {
      expect(foldName(name), JSON.stringify(name)).toBe('atacado');
    }
    expect(new Set(['rn', 'm', 'l', '1', '0', 'o'].map(foldName)).size).toBe(6);
    // The first fold is kept for claims stored under it.
    expect(firstFoldName('Ata\u200bcado')).toBe('ata\u200bcado');
    expect(firstFoldName('Várejo')).toBe(foldName('Várejo'));
  });
});

describe('by POST, PUT and the import', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ loadHandler: loadHandlerInTestGraph });
  });
  afterAll(() => api?.close());

  it('a look-alike of a name in use is 409; bidirectional controls and names without a letter or digit are 400', async () => {
    const atacado = await call(api, 'POST', '/categorias', { descricao: 'Atacado' });
    expect(atacado.status).toBe(201);
    const outra = await call(api, 'POST', '/categorias', { descricao: 'Outra' });
    for (const descricao of ['Ata\u200bcado', 'Ata\u200ccado', 'Ata\u2060cado', 'Ata\u00adcado', 'Atаcado', 'Atacαdο', 'ATACADO\u200d']) {
      const created = await call(api, 'POST', '/categorias', { descricao });
      expect(created, JSON.stringify(descricao)).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaDuplicada('Atacado'), campo: 'descricao' } });
      const renamed = await call(api, 'PUT', '/categorias', { id: outra.body.id, descricao });
      expect(renamed.status, JSON.stringify(descricao)).toBe(409);
    }
    for (const descricao of ['\u200eAtacado', '\u202eodacatA', 'Ata\u2066cado\u2069', 'Ata\u061ccado']) {
      expect(await call(api, 'POST', '/categorias', { descricao }), JSON.stringify(descricao)).toMatchObject({
        status: 400,
        body: { mensagem: MESSAGES.descricaoControleBidi, campo: 'descricao' },
      });
    }
    for (const descricao of ['\u3164', '\u2800', '\u3164\u3164', '\u00ad', '---', '\u2800 \u2800']) {
      expect(await call(api, 'POST', '/categorias', { descricao }), JSON.stringify(descricao)).toMatchObject({
        status: 400,
        body: { campo: 'descricao' },
      });
    }
    expect((await call(api, 'POST', '/categorias', { descricao: '\u3164' })).body.mensagem).toBe(MESSAGES.descricaoSemLetraOuNumero);
    // The import creates categories by the same rules.
    const job = await call(api, 'POST', '/importacoes', { total: 1, arquivo: 'clientes.csv' });
    expect(job.status).toBe(201);
    const viaImport = (descricao: string, key: string) =>
      call(api, 'POST', `/importacoes/${job.body.id}/categorias`, { descricao }, { 'idempotency-key': key });
    expect(await viaImport('Ata\u200bcado', 'cat-1')).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaDuplicada('Atacado') } });
    expect(await viaImport('Atаcado', 'cat-2')).toMatchObject({ status: 409 });
    expect(await viaImport('\u202eodacatA', 'cat-3')).toMatchObject({ status: 400, body: { mensagem: MESSAGES.descricaoControleBidi } });
    expect(await viaImport('\u3164', 'cat-4')).toMatchObject({ status: 400, body: { mensagem: MESSAGES.descricaoSemLetraOuNumero } });
    // Latin look-alikes are different names.
    for (const descricao of ['Arnazém', 'Amazém', 'Lote l', 'Lote 1', 'Canal 0', 'Canal O']) {
      expect((await call(api, 'POST', '/categorias', { descricao })).status, descricao).toBe(201);
    }
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});

describe('a table from before the rule', () => {
  let api: TestApi;
  const put = (item: Record<string, unknown>) => api.doc.send(new PutCommand({ TableName: api.tableName, Item: item }));
  const get = async (key: { pk: string; sk: number }) =>
    (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: key, ConsistentRead: true }))).Item;
  const holders = async (descricao: string) => [...((await get(nameClaimKey(descricao)))?.ids ?? [])].sort((a, b) => a - b);
  /** The first fold's claim of a name, as the release before the rule stored it. */
  const firstClaim = (descricao: string) => ({ pk: `${NAME_CLAIMS_MARKER.pk}#${firstFoldName(descricao)}`, sk: 0 });

  beforeAll(async () => {
    api = await startApi({ loadHandler: loadHandlerInTestGraph });
    // As the release before stored them: categories, their claims under the first fold, its marker (sk 0).
    const stored: [number, string][] = [
      [1, 'Ata\u200bcado'],
      [2, 'Atacado'],
      [3, 'Vаrejo'], // a Cyrillic а, alone
      [4, 'Saúde'],
    ];
    for (const [sk, descricao] of stored) {
      await put({ pk: PARTITION_KEYS.categoria, sk, descricao, produtos: 0, versao: 1 });
      await put({ ...firstClaim(descricao), ids: new Set([sk]) });
    }
    await put({ pk: NAME_CLAIMS_MARKER.pk, sk: 0, at: '2026-01-01T00:00:00.000Z' });
    await put({ pk: PARTITION_KEYS.sequencia, sk: 0, categoria: 4, produto: 0 });
  });
  afterAll(() => api?.close());

  it('claims the stored names under the new fold; look-alikes stored side by side stay, and writes to them work', async () => {
    expect(await get(NAME_CLAIMS_MARKER)).toBeUndefined();
    // The first write: the stored names are claimed under the new fold first.
    expect(await call(api, 'POST', '/categorias', { descricao: 'Varejo' })).toMatchObject({ status: 409, body: { mensagem: MESSAGES.categoriaDuplicada('Vаrejo') } });
    expect(await get(NAME_CLAIMS_MARKER)).toBeDefined();
    expect(await holders('Atacado')).toEqual([1, 2]);
    expect(await holders('Varejo')).toEqual([3]);
    expect(await holders('Saúde')).toEqual([4]);
    // The first fold's claims no new name can match are gone; those it shares stay the same item.
    expect(await get(firstClaim('Ata\u200bcado'))).toBeUndefined();
    expect(await get(firstClaim('Vаrejo'))).toBeUndefined();
    expect(await get(firstClaim('Atacado'))).toBeDefined();
    // Both stored look-alikes are still there and listed.
    const listed = await call(api, 'GET', '/categorias');
    expect((listed.body as { descricao: string }[]).map((c) => c.descricao)).toEqual(['Ata\u200bcado', 'Atacado', 'Vаrejo', 'Saúde']);
    // A new look-alike is refused; each stored one keeps its own name, then moves away, and the name is freed with the last.
    expect((await call(api, 'POST', '/categorias', { descricao: 'Ata\u2060cado' })).status).toBe(409);
    expect((await call(api, 'PUT', '/categorias', { id: 1, descricao: 'Ata\u200bcado' })).status).toBe(200);
    expect((await call(api, 'PUT', '/categorias', { id: 2, descricao: 'ATACADO' })).status).toBe(200);
    expect((await call(api, 'PUT', '/categorias', { id: 2, descricao: 'Atacadão' })).status).toBe(200);
    expect(await holders('Atacado')).toEqual([1]);
    expect((await call(api, 'DELETE', '/categorias/1')).status).toBe(204);
    expect(await get(nameClaimKey('Atacado'))).toBeUndefined();
    expect((await call(api, 'POST', '/categorias', { descricao: 'Atacado' })).status).toBe(201);
    expect((await call(api, 'PUT', '/categorias', { id: 3, descricao: 'Varejo' })).status).toBe(200);
    expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);
  });
});
