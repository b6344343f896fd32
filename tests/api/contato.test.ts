/**
 * Through the real local server: the client's contact and contract fields (limits,
 * normalization, what is stored), PUT bodies that don't know them (the original ClientFlow
 * client's, the spec's) keep them, null or "" clears them, the list leaves observacoes out, and a
 * documento is unique among the clients also under parallel creates.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import { documentoClaimKey } from '../../lambdas/store/names.ts';
import { PARTITION_KEYS } from '../../lambdas/store/table.ts';
import { withoutAudit } from '../contract/fuzz.ts';
import { AUDIT_ATTRIBUTES, HISTORY_COUNTER } from '../../lambdas/store/items.ts';
import { invariantViolations, snapshot } from '../contract/store-invariants.ts';
import { DOCUMENTOS, TELEFONES } from '../support/contato-forms.ts';
import { call, createCategoria, createCliente, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

const storedCliente = async (id: number) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: { pk: PARTITION_KEYS.cliente, sk: id } }))).Item;
const claimOf = async (documento: string) =>
  (await api.doc.send(new GetCommand({ TableName: api.tableName, Key: documentoClaimKey(documento) }))).Item;
const expectInvariants = async () => expect(invariantViolations(await snapshot(api.doc, api.tableName))).toEqual([]);

const contato = {
  email: 'Ana.Silva@Padaria.COM.BR',
  telefone: '(11) 98765-4321',
  documento: '11.222.333/0001-81',
  observacoes: 'Prefere contato à tarde.\r\nPagamento no dia 10.',
  inicioContrato: '2026-01-01',
  fimContrato: '2026-12-31',
};
const stored = {
  email: 'Ana.Silva@padaria.com.br',
  telefone: '+5511987654321',
  documento: '11222333000181',
  observacoes: 'Prefere contato à tarde.\nPagamento no dia 10.',
  inicioContrato: '2026-01-01',
  fimContrato: '2026-12-31',
};

/**
 * A phone and a CPF of exactly their input limit once trimmed (the ends are trimmed, the spaces
 * inside count): +55 (11) 3456-7890 and 529.982.247-25 spread with spaces, a space either end.
 */
const TELEFONE_AT_LIMIT = ` +55${' '.repeat(LIMITS.telefone.maxInput - 17)}(11) 3456-7890 `;
const DOCUMENTO_AT_LIMIT = ` 529.982.247${' '.repeat(LIMITS.documento.maxInput - 14)}-25 `;

/** Valid CNPJs for tests that need a fresh documento each (the claim is table-wide). */
let serial = 10_000_000;
function freshCnpj(): string {
  const base = String(serial++).padStart(8, '0') + '0001';
  const digit = (s: string, weights: number[]) => {
    const r = [...s].reduce((sum, c, i) => sum + Number(c) * weights[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${digit(base + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}`;
}

describe('POST /produtos with the contact and contract fields', () => {
  it('stores and returns them normalized (E.164, no punctuation, the domain in lower case, \\n line breaks)', async () => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Padaria', valorContrato: 100, ...contato });
    expect(r.status).toBe(201);
    expect(withoutAudit(r.body)).toEqual({ id: r.body.id, nome: 'Padaria', segmento: '', pontoFocal: '', valorContrato: 100, categoria: null, versao: 1, ...stored });
    expect(await storedCliente(r.body.id)).toMatchObject(stored);
    expect(await claimOf(stored.documento)).toEqual({ ...documentoClaimKey(stored.documento), id: r.body.id });
    expect((await call(api, 'GET', `/produtos/${r.body.id}`)).body).toEqual(r.body);
    await expectInvariants();
  });

  it('leaves observacoes out of the list (they are in GET /produtos/{id})', async () => {
    const p = await createCliente(api, { nome: 'Com notas', observacoes: 'n'.repeat(LIMITS.observacoes.max), email: 'a@b.com' });
    const listed = (await call(api, 'GET', '/produtos')).body.find((c: { id: number }) => c.id === p.id);
    expect(listed).toMatchObject({ id: p.id, email: 'a@b.com' });
    expect(listed).not.toHaveProperty('observacoes');
    expect((await call(api, 'GET', `/produtos/${p.id}`)).body.observacoes).toHaveLength(LIMITS.observacoes.max);
  });

  it('stores nothing for a field absent, null or blank (no attribute)', async () => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Vazio', valorContrato: 1, email: '', telefone: null, documento: '   ', observacoes: '\u200b' });
    expect(r.status).toBe(201);
    // The record's own fields and who/when, no contact attribute.
    expect(Object.keys(withoutAudit(r.body)).sort()).toEqual(['categoria', 'id', 'nome', 'pontoFocal', 'segmento', 'valorContrato', 'versao']);
    expect(Object.keys((await storedCliente(r.body.id))!).sort()).toEqual([...AUDIT_ATTRIBUTES, HISTORY_COUNTER, 'nome', 'pk', 'pontoFocal', 'segmento', 'sk', 'valorContrato', 'versao'].sort());
  });

  it.each(TELEFONES)('telefone %j → %s', async (written, e164) => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Tel', valorContrato: 1, telefone: written });
    expect(r).toMatchObject({ status: 201, body: { telefone: e164 } });
  });

  // Once each (the first test's client keeps 11222333000181).
  it.each(DOCUMENTOS.filter(([, d], i, all) => d !== stored.documento && all.findIndex(([, x]) => x === d) === i))('documento %j → %s', async (written, documento) => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Doc', valorContrato: 1, documento: written });
    expect(r).toMatchObject({ status: 201, body: { documento } });
    // Free it for the other tests of this file.
    expect((await call(api, 'DELETE', `/produtos/${r.body.id}`)).status).toBe(204);
    expect(await claimOf(documento)).toBeUndefined();
  });

  it('accepts each field at its limits', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.br`;
    expect(email).toHaveLength(LIMITS.email.max);
    // Spaces inside count (only the ends are trimmed): a phone and a documento of exactly maxInput characters.
    expect(TELEFONE_AT_LIMIT.trim()).toHaveLength(LIMITS.telefone.maxInput);
    expect(DOCUMENTO_AT_LIMIT.trim()).toHaveLength(LIMITS.documento.maxInput);
    const r = await call(api, 'POST', '/produtos', {
      nome: 'Limites',
      valorContrato: 1,
      email,
      observacoes: '😀'.repeat(LIMITS.observacoes.max),
      inicioContrato: LIMITS.data.min,
      fimContrato: LIMITS.data.max,
      telefone: TELEFONE_AT_LIMIT,
      documento: DOCUMENTO_AT_LIMIT,
    });
    expect(r).toMatchObject({
      status: 201,
      body: { email, inicioContrato: '1900-01-01', fimContrato: '2199-12-31', telefone: '+551134567890', documento: '52998224725' },
    });
    expect([...r.body.observacoes]).toHaveLength(LIMITS.observacoes.max);
    // Free the documento for the other tests of this file.
    expect((await call(api, 'DELETE', `/produtos/${r.body.id}`)).status).toBe(204);
  });

  it.each([
    ['email without domain', { email: 'ana@' }, MESSAGES.campoEmail('email'), 'email'],
    ['email with a space', { email: 'ana silva@empresa.com' }, MESSAGES.campoEmail('email'), 'email'],
    ['email one character over its limit', { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.br` }, MESSAGES.campoEmail('email'), 'email'],
    ['email not text', { email: 42 }, MESSAGES.campoTexto('email'), 'email'],
    ['telefone with an unused DDD', { telefone: '(20) 98765-4321' }, MESSAGES.campoTelefoneDdd('telefone', '20'), 'telefone'],
    ['telefone without DDD', { telefone: '98765-4321' }, MESSAGES.campoTelefone('telefone'), 'telefone'],
    ['telefone foreign', { telefone: '+1 415 555 2671' }, MESSAGES.campoTelefone('telefone'), 'telefone'],
    ['telefone one character over its limit', { telefone: ` ${TELEFONE_AT_LIMIT.replace('(', ' (')} ` }, MESSAGES.campoTelefone('telefone'), 'telefone'],
    ['telefone a number', { telefone: 11987654321 }, MESSAGES.campoTexto('telefone'), 'telefone'],
    ['documento CPF off by one', { documento: '111.444.777-36' }, MESSAGES.campoCpf('documento'), 'documento'],
    ['documento CNPJ off by one', { documento: '11.222.333/0001-82' }, MESSAGES.campoCnpj('documento'), 'documento'],
    ['documento alphanumeric CNPJ off by one', { documento: '12.ABC.345/01DE-36' }, MESSAGES.campoCnpj('documento'), 'documento'],
    ['documento of 12 digits', { documento: '123456789012' }, MESSAGES.campoDocumento('documento'), 'documento'],
    ['documento repeated digits', { documento: '111.111.111-11' }, MESSAGES.campoCpf('documento'), 'documento'],
    ['documento one character over its limit', { documento: DOCUMENTO_AT_LIMIT.replace('-', ' -') }, MESSAGES.campoDocumento('documento'), 'documento'],
    ['observacoes too long', { observacoes: 'x'.repeat(LIMITS.observacoes.max + 1) }, MESSAGES.campoLongo('observacoes', LIMITS.observacoes.max), 'observacoes'],
    ['observacoes with a control character', { observacoes: 'a\u0007b' }, MESSAGES.campoTextoInvalido('observacoes'), 'observacoes'],
    ['inicioContrato as people write it', { inicioContrato: '31/12/2026' }, MESSAGES.campoData('inicioContrato', '2026-12-31'), 'inicioContrato'],
    ['inicioContrato a day that does not exist', { inicioContrato: '2026-02-29' }, MESSAGES.campoData('inicioContrato', '2026-12-31'), 'inicioContrato'],
    ['inicioContrato the day before the first', { inicioContrato: '1899-12-31' }, MESSAGES.campoDataFaixa('inicioContrato', '1900-01-01', '2199-12-31'), 'inicioContrato'],
    ['fimContrato out of range', { fimContrato: '2200-01-01' }, MESSAGES.campoDataFaixa('fimContrato', '1900-01-01', '2199-12-31'), 'fimContrato'],
    ['fimContrato a timestamp', { fimContrato: '2026-12-31T00:00:00Z' }, MESSAGES.campoData('fimContrato', '2026-12-31'), 'fimContrato'],
    ['fimContrato before inicioContrato', { inicioContrato: '2026-05-01', fimContrato: '2026-04-30' }, MESSAGES.fimAntesDoInicio('fimContrato', 'inicioContrato'), 'fimContrato'],
  ])('refuses %s with 400, the reason and the field', async (_, change, mensagem, campo) => {
    const r = await call(api, 'POST', '/produtos', { nome: 'Inválido', valorContrato: 1, ...change });
    expect(r).toMatchObject({ status: 400, body: { mensagem, campo } });
  });

  it('takes the same day as start and end', async () => {
    expect((await call(api, 'POST', '/produtos', { nome: 'Um dia', valorContrato: 1, inicioContrato: '2026-05-01', fimContrato: '2026-05-01' })).status).toBe(201);
  });
});

describe('PUT /produtos: absent kept, null or "" cleared', () => {
  const withContato = async (nome: string) => {
    const documento = freshCnpj();
    const p = await createCliente(api, { nome, segmento: 'Varejo', pontoFocal: 'Ana', ...contato, documento });
    return { p, all: { ...stored, documento } };
  };

  it('the original ClientFlow client’s PUT body (valorContrato as text, categoria embedded) keeps every new field', async () => {
    const cat = await createCategoria(api, 'Original contato');
    const { p, all } = await withContato('Original');
    const body = `{"id":${p.id},"nome":"Original 2","segmento":"Varejo","pontoFocal":"Ana","valorContrato":"15000","categoria":{"id":${cat.id},"descricao":"Original contato"}}`;
    const r = await call(api, 'PUT', '/produtos', body);
    expect(r).toMatchObject({ status: 200, body: { nome: 'Original 2', valorContrato: 15000, versao: 2, ...all } });
    expect(await storedCliente(p.id)).toMatchObject({ nome: 'Original 2', ...all });
    expect(await claimOf(all.documento)).toMatchObject({ id: p.id });
  });

  it('the spec’s PUT body (the client fields plus id) keeps every new field', async () => {
    const { p, all } = await withContato('Spec');
    const r = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Spec', segmento: 'S', pontoFocal: 'P', valorContrato: 1, categoria: null });
    expect(r).toMatchObject({ status: 200, body: { ...all, segmento: 'S' } });
    expect(await storedCliente(p.id)).toMatchObject(all);
  });

  it('null and "" clear a field (its attribute removed); a clear of the documento frees it', async () => {
    const { p, all } = await withContato('Limpar');
    const r = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Limpar', valorContrato: 1, email: null, telefone: '', documento: null, observacoes: '  ' });
    expect(r.status).toBe(200);
    expect(withoutAudit(r.body)).toEqual({ id: p.id, nome: 'Limpar', segmento: '', pontoFocal: '', valorContrato: 1, categoria: null, versao: 2, inicioContrato: all.inicioContrato, fimContrato: all.fimContrato });
    const item = (await storedCliente(p.id))!;
    for (const f of ['email', 'telefone', 'documento', 'observacoes']) expect(item).not.toHaveProperty(f);
    expect(await claimOf(all.documento)).toBeUndefined();
    await expectInvariants();
  });

  it('a new documento moves the claim: the old one is free for another client', async () => {
    const { p, all } = await withContato('Troca');
    const next = freshCnpj();
    expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Troca', valorContrato: 1, documento: next })).body.documento).toBe(next);
    expect(await claimOf(all.documento)).toBeUndefined();
    expect(await claimOf(next)).toMatchObject({ id: p.id });
    expect((await call(api, 'POST', '/produtos', { nome: 'Herda', valorContrato: 1, documento: all.documento })).status).toBe(201);
    // Its own documento again, written another way: no conflict with itself.
    const again = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Troca', valorContrato: 1, documento: `${next.slice(0, 2)}.${next.slice(2, 5)}.${next.slice(5, 8)}/${next.slice(8, 12)}-${next.slice(12)}` });
    expect(again).toMatchObject({ status: 200, body: { documento: next, versao: 3 } });
    await expectInvariants();
  });

  it('checks fimContrato against the kept inicioContrato (and the other way round)', async () => {
    const { p } = await withContato('Datas');
    const early = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Datas', valorContrato: 1, fimContrato: '2025-12-31' });
    expect(early).toMatchObject({ status: 400, body: { mensagem: MESSAGES.fimAntesDoInicio('fimContrato', 'inicioContrato'), campo: 'fimContrato' } });
    const late = await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Datas', valorContrato: 1, inicioContrato: '2027-01-01' });
    expect(late).toMatchObject({ status: 400, body: { campo: 'inicioContrato' } });
    // Clearing the start lifts the rule.
    expect((await call(api, 'PUT', '/produtos', { id: p.id, nome: 'Datas', valorContrato: 1, inicioContrato: null, fimContrato: '2025-12-31' })).status).toBe(200);
  });
});

describe('documento: unique among the clients', () => {
  it('409 naming the client that has it, on create and on update, whatever the punctuation', async () => {
    const documento = freshCnpj();
    const holder = await createCliente(api, { nome: 'Dona do CNPJ', documento });
    const masked = `${documento.slice(0, 2)}.${documento.slice(2, 5)}.${documento.slice(5, 8)}/${documento.slice(8, 12)}-${documento.slice(12)}`;
    const conflict = { status: 409, body: { mensagem: MESSAGES.documentoDuplicado(masked, 'Dona do CNPJ'), campo: 'documento' } };
    expect(await call(api, 'POST', '/produtos', { nome: 'Outra', valorContrato: 1, documento: masked })).toMatchObject(conflict);
    const other = await createCliente(api, { nome: 'Outra' });
    expect(await call(api, 'PUT', '/produtos', { id: other.id, nome: 'Outra', valorContrato: 1, documento })).toMatchObject(conflict);
    expect((await storedCliente(other.id))!.versao).toBe(1);
    // Deleting the holder frees it.
    expect((await call(api, 'DELETE', `/produtos/${holder.id}`)).status).toBe(204);
    expect((await call(api, 'PUT', '/produtos', { id: other.id, nome: 'Outra', valorContrato: 1, documento })).status).toBe(200);
    await expectInvariants();
  });

  it('10 parallel creates with one documento (written in different ways): exactly one 201, nine 409 naming it', async () => {
    const documento = freshCnpj();
    const forms = [documento, `${documento.slice(0, 2)}.${documento.slice(2, 5)}.${documento.slice(5, 8)}/${documento.slice(8, 12)}-${documento.slice(12)}`];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(api, 'POST', '/produtos', { nome: `Corrida ${i}`, valorContrato: 1, documento: forms[i % 2] })),
    );
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]!.body as { id: number; nome: string };
    const losers = answers.filter((r) => r.status !== 201);
    expect(losers).toHaveLength(9);
    for (const r of losers) expect(r).toMatchObject({ status: 409, body: { campo: 'documento', mensagem: expect.stringContaining(`“${winner.nome}”`) } });
    expect(await claimOf(documento)).toMatchObject({ id: winner.id });
    const holders = (await call(api, 'GET', '/produtos')).body.filter((c: { documento?: string }) => c.documento === documento);
    expect(holders).toHaveLength(1);
    await expectInvariants();
  });

  it('10 parallel updates taking one documento: exactly one wins', async () => {
    const documento = freshCnpj();
    const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => createCliente(api, { nome: `Disputa ${i}` })));
    const answers = await Promise.all(clients.map((c) => call(api, 'PUT', '/produtos', { id: c.id, nome: c.nome, valorContrato: 1, documento })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    await expectInvariants();
  });
});
