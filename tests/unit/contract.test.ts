/** The API contract (lambdas/contract): every validation rule and limit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContato } from '../../lambdas/contract/cliente.ts';
import { charCount, LIMITS, MESSAGES, textLength } from '../../lambdas/contract/index.ts';
import {
  hasAtMostDecimals,
  parseCategoriaInput,
  parseCategoriaUpdate,
  parseClienteInput,
  parseClienteUpdate,
} from '../../lambdas/contract/schemas.ts';
import { textChar } from '../contract/openapi-arbitraries.ts';

const ok = <T>(r: { ok: true; value: T } | { ok: false; mensagem: string }): T => {
  if (!r.ok) throw new Error(`expected valid, got: ${r.mensagem}`);
  return r.value;
};
const err = (r: { ok: boolean; mensagem?: string }) => (r.ok ? 'valid' : r.mensagem);
const cliente = { nome: 'Padaria', valorContrato: 10 };

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
    expect(err(parseClienteInput({ nome: 'Ana', segmento: 'x\u0000', valorContrato: 1 }))).toBe(MESSAGES.campoTextoInvalido('segmento'));
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

describe('cliente', () => {
  it('trims texts, defaults optional texts to empty, drops unknown fields and a POST id', () => {
    expect(
      ok(parseClienteInput({ nome: ' Padaria ', segmento: ' Pães ', pontoFocal: null, valorContrato: 5, id: 77, pk: 'x' })),
    ).toEqual({ nome: 'Padaria', segmento: 'Pães', pontoFocal: '', valorContrato: 5, categoriaId: null });
    expect(ok(parseClienteInput(cliente))).toEqual({ ...cliente, segmento: '', pontoFocal: '', categoriaId: null });
  });

  it.each([
    ['absent', undefined, null],
    ['null', null, null],
    ['{id}', { id: 3 }, 3],
    ['{id, descricao} (descricao ignored)', { id: 3, descricao: 'qualquer' }, 3],
  ])('categoria %s', (_, categoria, categoriaId) => {
    expect(ok(parseClienteInput({ ...cliente, categoria })).categoriaId).toBe(categoriaId);
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
    expect(err(parseClienteInput({ ...cliente, categoria }))).toBe(mensagem);
  });

  it.each([1.15, 999.5, 0, 0.01, 10000, 9999.99, 12345678.12, 99_999_999.99, LIMITS.valorContrato.max])(
    'accepts valorContrato %d and keeps it exactly',
    (valorContrato) => {
      expect(ok(parseClienteInput({ ...cliente, valorContrato })).valorContrato).toBe(valorContrato);
    },
  );

  it.each([
    ['"1500"', 1500],
    ['"1500.50"', 1500.5],
    ['"0"', 0],
    ['"0.01"', 0.01],
    ['"99999999.99"', 99_999_999.99],
    ['"100000000"', LIMITS.valorContrato.max],
  ])('accepts valorContrato as the string %s (the original client) and stores the number', (text, value) => {
    expect(ok(parseClienteInput({ ...cliente, valorContrato: JSON.parse(text) })).valorContrato).toBe(value);
  });

  it.each([
    ['""', ''],
    ['text', 'mil'],
    ['an exponent', '1e3'],
    ['hex', '0x10'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['a Brazilian grouping', '1.500,00'],
    ['a decimal comma', '12,50'],
    ['spaces', ' 1500'],
    ['a currency sign', 'R$ 1500'],
    ['a dot without decimals', '1500.'],
    ['decimals without an integer part', '.5'],
  ])('refuses valorContrato as a string with %s', (_, valorContrato) => {
    expect(err(parseClienteInput({ ...cliente, valorContrato }))).toBe(MESSAGES.campoNumero('valorContrato'));
  });

  it.each([
    ['negative', '-1', MESSAGES.campoMinimo('valorContrato', 0)],
    ['above R$ 100.000.000,00', '100000000.01', 'O valor do contrato deve ser no máximo R$ 100.000.000,00.'],
    ['of the old limit (1e12)', '999999999999.99', MESSAGES.valorContratoMaximo],
    ['of too many digits to be a number', '9'.repeat(400), MESSAGES.valorContratoMaximo],
    ['with three decimals', '1.005', MESSAGES.campoDecimais('valorContrato', 2)],
  ])('applies the number rules to a string %s', (_, valorContrato, mensagem) => {
    expect(err(parseClienteInput({ ...cliente, valorContrato }))).toBe(mensagem);
  });

  it('names the field of the first problem in `campo`, as its wire path', () => {
    const campo = (r: { ok: boolean; campo?: string }) => (r.ok ? 'valid' : r.campo);
    expect(campo(parseClienteInput({ ...cliente, valorContrato: '1.500,00' }))).toBe('valorContrato');
    expect(campo(parseClienteInput({ ...cliente, nome: ' ' }))).toBe('nome');
    expect(campo(parseClienteInput({ ...cliente, categoria: { id: 'x' } }))).toBe('categoria.id');
    expect(campo(parseClienteInput({ ...cliente, categoria: 'Varejo' }))).toBe('categoria');
    expect(campo(parseCategoriaInput({}))).toBe('descricao');
    expect(campo(parseCategoriaUpdate({ id: 1, descricao: 'x', versao: 0 }))).toBe('versao');
    // A body that is not an object concerns no field.
    expect(parseCategoriaInput([])).toEqual({ ok: false, mensagem: MESSAGES.corpoNaoObjeto });
  });

  it.each([
    ['absent', undefined, MESSAGES.campoObrigatorio('valorContrato')],
    ['null', null, MESSAGES.campoObrigatorio('valorContrato')],
    ['a boolean', true, MESSAGES.campoNumero('valorContrato')],
    ['negative', -1, MESSAGES.campoMinimo('valorContrato', 0)],
    ['a cent below zero', -0.01, MESSAGES.campoMinimo('valorContrato', 0)],
    ['above 1e8', 1e8 + 0.01, MESSAGES.valorContratoMaximo],
    ['the list total the issue saw', 999_999_999_999.99, MESSAGES.valorContratoMaximo],
    ['three decimals', 1.005, MESSAGES.campoDecimais('valorContrato', 2)],
    ['a tenth of a cent', 0.001, MESSAGES.campoDecimais('valorContrato', 2)],
    ['a third decimal on a large amount', 999999.979, MESSAGES.campoDecimais('valorContrato', 2)],
  ])('refuses valorContrato %s', (_, valorContrato, mensagem) => {
    expect(err(parseClienteInput({ ...cliente, valorContrato }))).toBe(mensagem);
  });

  it('refuses NaN and Infinity', () => {
    for (const valorContrato of [Number.NaN, Infinity, -Infinity]) expect(parseClienteInput({ ...cliente, valorContrato }).ok).toBe(false);
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
    expect(err(parseClienteInput({ ...cliente, ...change }))).toBe(mensagem);
  });

  it('accepts texts at their maximum lengths, counted after trimming', () => {
    const v = ok(parseClienteInput({ ...cliente, nome: ` ${'n'.repeat(120)} `, segmento: 's'.repeat(120), pontoFocal: 'p'.repeat(120) }));
    expect([v.nome.length, v.segmento.length, v.pontoFocal.length]).toEqual([120, 120, 120]);
  });

  it('update: every editable field replaced, id required, versao optional', () => {
    expect(ok(parseClienteUpdate({ id: 2, ...cliente }))).toEqual({
      id: 2, ...cliente, segmento: '', pontoFocal: '', categoriaId: null,
    });
    expect(ok(parseClienteUpdate({ id: 2, versao: 3, ...cliente, categoria: { id: 1 } }))).toMatchObject({ versao: 3, categoriaId: 1 });
    expect(err(parseClienteUpdate(cliente))).toBe(MESSAGES.campoObrigatorio('id'));
    expect(err(parseClienteUpdate({ id: '2', ...cliente }))).toBe(MESSAGES.campoInteiro('id'));
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

describe('textLength: the length the API checks, which the web counts', () => {
  /** A character of any kind the limits meet: ASCII, accented (also typed apart), emoji, white space. */
  const char = fc.oneof(textChar, fc.constantFrom('e\u0301', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}', '\u200b'));
  const text = (max: number) => fc.array(char, { minLength: max - 6, maxLength: max + 6 }).map((cs) => cs.join(''));

  it('says a text is too long exactly when the API refuses it as too long (names, descricao, Observações)', () => {
    const tooLong = (r: { ok: boolean; mensagem?: string }, campo: string, max: number) => !r.ok && r.mensagem === MESSAGES.campoLongo(campo, max);
    fc.assert(
      fc.property(text(LIMITS.descricao.max), text(LIMITS.nome.max), (d, n) => {
        expect(tooLong(parseCategoriaInput({ descricao: d }), 'descricao', LIMITS.descricao.max)).toBe(textLength(d) > LIMITS.descricao.max);
        expect(tooLong(parseClienteInput({ ...cliente, nome: n }), 'nome', LIMITS.nome.max)).toBe(textLength(n) > LIMITS.nome.max);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(text(LIMITS.observacoes.max), (o) => {
        expect(tooLong(checkContato('observacoes', o), 'observacoes', LIMITS.observacoes.max)).toBe(textLength(o) > LIMITS.observacoes.max);
      }),
      { numRuns: 50 },
    );
  });

  it('a field counts what it holds in the same unit (charCount): never less than the API checks', () => {
    fc.assert(
      fc.property(text(LIMITS.nome.max), (s) => {
        expect(charCount(s)).toBeGreaterThanOrEqual(textLength(s));
      }),
      { numRuns: 300 },
    );
  });

  it('counts an emoji once and an accent typed apart with its letter', () => {
    expect(charCount('\u{1F600}'.repeat(LIMITS.nome.max))).toBe(LIMITS.nome.max);
    expect(charCount(' e\u0301 ')).toBe(3);
    expect(textLength('\u{1F600}'.repeat(LIMITS.nome.max))).toBe(LIMITS.nome.max);
    expect(ok(parseClienteInput({ ...cliente, nome: '\u{1F600}'.repeat(LIMITS.nome.max) })).nome).toHaveLength(2 * LIMITS.nome.max);
    expect(textLength(' e\u0301 ')).toBe(1);
  });
});
