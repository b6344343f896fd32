/** The API contract (lambdas/contract): every validation rule and limit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '../../lambdas/contract/index.ts';
import {
  hasAtMostDecimals,
  parseCategoriaInput,
  parseCategoriaUpdate,
  parseProdutoInput,
  parseProdutoUpdate,
} from '../../lambdas/contract/schemas.ts';

const ok = <T>(r: { ok: true; value: T } | { ok: false; mensagem: string }): T => {
  if (!r.ok) throw new Error(`expected valid, got: ${r.mensagem}`);
  return r.value;
};
const err = (r: { ok: boolean; mensagem?: string }) => (r.ok ? 'valid' : r.mensagem);
const produto = { nome: 'Padaria', valorContrato: 10 };
const brlMax = new Intl.NumberFormat('pt-BR').format(LIMITS.valorContrato.max);

describe('categoria', () => {
  it('trims descricao and drops unknown fields and a POST id', () => {
    expect(ok(parseCategoriaInput({ descricao: '  Saúde \n', id: 9, produtos: 3, x: 1 }))).toEqual({ descricao: 'Saúde' });
  });

  it.each([
    [{}, MESSAGES.campoObrigatorio('descricao')],
    [{ descricao: null }, MESSAGES.campoObrigatorio('descricao')],
    [{ descricao: '' }, MESSAGES.campoVazio('descricao')],
    [{ descricao: ' \t ' }, MESSAGES.campoVazio('descricao')],
    [{ descricao: 1 }, MESSAGES.campoTexto('descricao')],
    [{ descricao: ['a'] }, MESSAGES.campoTexto('descricao')],
    [{ descricao: 'a'.repeat(101) }, MESSAGES.campoLongo('descricao', 100)],
    [null, MESSAGES.corpoNaoObjeto],
    [[], MESSAGES.corpoNaoObjeto],
    ['texto', MESSAGES.corpoNaoObjeto],
  ])('refuses %j', (body, mensagem) => {
    expect(err(parseCategoriaInput(body))).toBe(mensagem);
  });

  it('refuses a lone surrogate and accepts a real pair (emoji)', () => {
    expect(err(parseCategoriaInput({ descricao: 'x\ud83d' }))).toBe(MESSAGES.campoTextoInvalido('descricao'));
    expect(ok(parseCategoriaInput({ descricao: 'Frutas 🍎' })).descricao).toBe('Frutas 🍎');
  });

  it('trims invisible characters too, stores NFC, and refuses control characters and U+FFFD', () => {
    expect(err(parseCategoriaInput({ descricao: '\u200b\u200b\ufeff\u2060' }))).toBe(MESSAGES.campoVazio('descricao'));
    expect(ok(parseCategoriaInput({ descricao: '\u200bCafé\u200d ' })).descricao).toBe('Café');
    // 100 × e + combining acute: 200 code points typed, 100 stored (NFC), within the limit.
    const decomposed = 'e\u0301'.repeat(100);
    expect(ok(parseCategoriaInput({ descricao: decomposed })).descricao).toBe('é'.repeat(100));
    // A joiner inside an emoji sequence stays.
    expect(ok(parseCategoriaInput({ descricao: 'Família 👨\u200d👩\u200d👧' })).descricao).toBe('Família 👨\u200d👩\u200d👧');
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'Ind\ufffdstria']) {
      expect(err(parseCategoriaInput({ descricao: bad })), JSON.stringify(bad)).toBe(MESSAGES.campoTextoInvalido('descricao'));
    }
    expect(err(parseProdutoInput({ nome: 'Ana', segmento: 'x\u0000', valorContrato: 1 }))).toBe(MESSAGES.campoTextoInvalido('segmento'));
    // White space inside a value is text, not a control character to refuse.
    expect(ok(parseCategoriaInput({ descricao: 'a\tb' })).descricao).toBe('a\tb');
  });

  it('accepts 1 and 100 characters (after trimming)', () => {
    expect(ok(parseCategoriaInput({ descricao: ' a ' })).descricao).toBe('a');
    expect(ok(parseCategoriaInput({ descricao: ` ${'ã'.repeat(100)} ` })).descricao).toHaveLength(100);
  });

  it('update: needs an integer id, takes an optional versao', () => {
    expect(ok(parseCategoriaUpdate({ id: 4, descricao: 'X' }))).toEqual({ id: 4, descricao: 'X' });
    expect(ok(parseCategoriaUpdate({ id: 4, descricao: 'X', versao: 7 }))).toEqual({ id: 4, descricao: 'X', versao: 7 });
    expect(err(parseCategoriaUpdate({ descricao: 'X' }))).toBe(MESSAGES.campoObrigatorio('id'));
    for (const id of ['4', 4.5, 0, -1, 1e20, true]) expect(err(parseCategoriaUpdate({ id, descricao: 'X' })), String(id)).toBe(MESSAGES.campoInteiro('id'));
    expect(ok(parseCategoriaUpdate({ id: 4, descricao: 'X', versao: null })).versao).toBeUndefined();
    for (const versao of ['1', 0, 1.5, -2]) {
      expect(err(parseCategoriaUpdate({ id: 1, descricao: 'X', versao })), String(versao)).toBe(MESSAGES.campoInteiro('versao'));
    }
  });
});

describe('produto', () => {
  it('trims texts, defaults optional texts to empty, drops unknown fields and a POST id', () => {
    expect(
      ok(parseProdutoInput({ nome: ' Padaria ', segmento: ' Pães ', pontoFocal: null, valorContrato: 5, id: 77, pk: 'x' })),
    ).toEqual({ nome: 'Padaria', segmento: 'Pães', pontoFocal: '', valorContrato: 5, categoriaId: null });
    expect(ok(parseProdutoInput(produto))).toEqual({ ...produto, segmento: '', pontoFocal: '', categoriaId: null });
  });

  it.each([
    ['absent', undefined, null],
    ['null', null, null],
    ['{id}', { id: 3 }, 3],
    ['{id, descricao} (descricao ignored)', { id: 3, descricao: 'qualquer' }, 3],
  ])('categoria %s', (_, categoria, categoriaId) => {
    expect(ok(parseProdutoInput({ ...produto, categoria })).categoriaId).toBe(categoriaId);
  });

  it.each([
    ['a string', 'Varejo', MESSAGES.campoObjeto('categoria')],
    ['a number', 3, MESSAGES.campoObjeto('categoria')],
    ['an array', [3], MESSAGES.campoObjeto('categoria')],
    ['without id', {}, MESSAGES.campoObrigatorio('categoria.id')],
    ['with id as text', { id: '3' }, MESSAGES.campoInteiro('categoria.id')],
    ['with id 0', { id: 0 }, MESSAGES.campoInteiro('categoria.id')],
    ['with a fractional id', { id: 1.5 }, MESSAGES.campoInteiro('categoria.id')],
  ])('refuses categoria as %s', (_, categoria, mensagem) => {
    expect(err(parseProdutoInput({ ...produto, categoria }))).toBe(mensagem);
  });

  it.each([1.15, 999.5, 0, 0.01, 10000, 9999.99, 123456789.12, 999_999_999_999.99, LIMITS.valorContrato.max])(
    'accepts valorContrato %d and keeps it exactly',
    (valorContrato) => {
      expect(ok(parseProdutoInput({ ...produto, valorContrato })).valorContrato).toBe(valorContrato);
    },
  );

  it.each([
    ['"5"', '5', MESSAGES.campoNumero('valorContrato')],
    ['absent', undefined, MESSAGES.campoObrigatorio('valorContrato')],
    ['null', null, MESSAGES.campoObrigatorio('valorContrato')],
    ['a boolean', true, MESSAGES.campoNumero('valorContrato')],
    ['negative', -1, MESSAGES.campoMinimo('valorContrato', 0)],
    ['a cent below zero', -0.01, MESSAGES.campoMinimo('valorContrato', 0)],
    ['above 1e12', 1e12 + 0.01, MESSAGES.campoMaximo('valorContrato', brlMax)],
    ['three decimals', 1.005, MESSAGES.campoDecimais('valorContrato', 2)],
    ['a tenth of a cent', 0.001, MESSAGES.campoDecimais('valorContrato', 2)],
    ['a third decimal on a large amount', 999999.979, MESSAGES.campoDecimais('valorContrato', 2)],
  ])('refuses valorContrato %s', (_, valorContrato, mensagem) => {
    expect(err(parseProdutoInput({ ...produto, valorContrato }))).toBe(mensagem);
  });

  it('refuses NaN and Infinity', () => {
    for (const valorContrato of [Number.NaN, Infinity, -Infinity]) expect(parseProdutoInput({ ...produto, valorContrato }).ok).toBe(false);
  });

  it.each([
    ['nome', { nome: undefined }, MESSAGES.campoObrigatorio('nome')],
    ['nome', { nome: '  ' }, MESSAGES.campoVazio('nome')],
    ['nome', { nome: 'n'.repeat(121) }, MESSAGES.campoLongo('nome', 120)],
    ['segmento', { segmento: 's'.repeat(121) }, MESSAGES.campoLongo('segmento', 120)],
    ['segmento', { segmento: 5 }, MESSAGES.campoTexto('segmento')],
    ['pontoFocal', { pontoFocal: 'p'.repeat(121) }, MESSAGES.campoLongo('pontoFocal', 120)],
    ['pontoFocal', { pontoFocal: {} }, MESSAGES.campoTexto('pontoFocal')],
    ['nome (a lone surrogate)', { nome: 'a\ud800b' }, MESSAGES.campoTextoInvalido('nome')],
    ['segmento (a lone low surrogate)', { segmento: '\udc00' }, MESSAGES.campoTextoInvalido('segmento')],
  ])('refuses a bad %s', (_, change, mensagem) => {
    expect(err(parseProdutoInput({ ...produto, ...change }))).toBe(mensagem);
  });

  it('accepts texts at their maximum lengths, counted after trimming', () => {
    const v = ok(parseProdutoInput({ ...produto, nome: ` ${'n'.repeat(120)} `, segmento: 's'.repeat(120), pontoFocal: 'p'.repeat(120) }));
    expect([v.nome.length, v.segmento.length, v.pontoFocal.length]).toEqual([120, 120, 120]);
  });

  it('update: every editable field replaced, id required, versao optional', () => {
    expect(ok(parseProdutoUpdate({ id: 2, ...produto }))).toEqual({
      id: 2, ...produto, segmento: '', pontoFocal: '', categoriaId: null,
    });
    expect(ok(parseProdutoUpdate({ id: 2, versao: 3, ...produto, categoria: { id: 1 } }))).toMatchObject({ versao: 3, categoriaId: 1 });
    expect(err(parseProdutoUpdate(produto))).toBe(MESSAGES.campoObrigatorio('id'));
    expect(err(parseProdutoUpdate({ id: '2', ...produto }))).toBe(MESSAGES.campoInteiro('id'));
  });
});

describe('hasAtMostDecimals', () => {
  it('accepts every amount in whole cents up to the maximum (floating point tolerant)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LIMITS.valorContrato.max * 100 }), (cents) => hasAtMostDecimals(cents / 100, 2)),
      { numRuns: 2000 },
    );
  });

  it('refuses amounts with a third decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LIMITS.valorContrato.max * 1000 }).filter((m) => m % 10 !== 0),
        (mills) => !hasAtMostDecimals(mills / 1000, 2),
      ),
      { numRuns: 2000 },
    );
  });
});
