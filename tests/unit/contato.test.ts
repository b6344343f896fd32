/**
 * The client record's contact and contract fields in the contract: CPF and CNPJ check
 * digits (numeric and alphanumeric), phone numbers as people write them, contact e-mails, dates,
 * the display formats and the field check every side shares.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContato, CLIENTE_FIELDS, CONTATO_FIELDS, datasProblem } from '../../lambdas/contract/cliente.ts';
import { readData, readIsoDate } from '../../lambdas/contract/datas.ts';
import { cnpjCheckDigits, cpfCheckDigits, isCnpj, isCpf, readDocumento } from '../../lambdas/contract/documento.ts';
import { readEmail } from '../../lambdas/contract/email.ts';
import { daysBetween, formatData, formatDocumento, formatTelefone, isCelular, todayIso, mailtoUrl, whatsappUrl } from '../../lambdas/contract/formatos.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';
import { readTelefone } from '../../lambdas/contract/telefone.ts';
import { DOCUMENTOS, TELEFONES } from '../support/contato-forms.ts';

const digit = fc.integer({ min: 0, max: 9 }).map(String);
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');

describe('CPF', () => {
  it.each([['111.444.777-35'], ['529.982.247-25'], ['123.456.789-09'], ['00000000191'], ['935.411.347-80']])('%s is valid', (cpf) => {
    expect(readDocumento(cpf)).toEqual({ ok: true, value: cpf.replace(/\D/g, ''), tipo: 'cpf' });
  });

  it.each([
    ['111.444.777-36', 'the last check digit off by one'],
    ['111.444.777-45', 'the first check digit off by one'],
    ['111.444.777-53', 'the check digits swapped'],
    ['111.447.477-35', 'two base digits swapped'],
    ['211.444.777-35', 'one base digit changed'],
    ['111.111.111-11', 'one digit repeated (the arithmetic passes, never issued)'],
    ['000.000.000-00', 'zeros'],
  ])('%s is refused (%s)', (cpf) => {
    expect(readDocumento(cpf)).toEqual({ ok: false, problem: 'cpf' });
  });

  it('any 9 base digits get their check digits; any other pair of check digits is refused', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 9, maxLength: 9 }), fc.nat({ max: 1 }), fc.integer({ min: 1, max: 9 }), (base, at, delta) => {
        const body = base.join('');
        fc.pre(!/^(.)\1*$/.test(body));
        const cpf = body + cpfCheckDigits(body);
        expect(readDocumento(formatDocumento(cpf))).toEqual({ ok: true, value: cpf, tipo: 'cpf' });
        const i = 9 + at;
        const typo = cpf.slice(0, i) + String((Number(cpf[i]) + delta) % 10) + cpf.slice(i + 1);
        expect(isCpf(typo)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('CNPJ, numeric and alphanumeric (from July 2026)', () => {
  it.each([['11.222.333/0001-81'], ['11.444.777/0001-61'], ['00.000.000/0001-91'], ['33.000.167/0001-01'], ['12.ABC.345/01DE-35']])('%s is valid', (cnpj) => {
    expect(readDocumento(cnpj)).toEqual({ ok: true, value: cnpj.replace(/[./-]/g, ''), tipo: 'cnpj' });
  });

  it('reads letters as their ASCII code minus 48 (A = 17 … Z = 42), digits keeping their value', () => {
    // The Receita Federal's example: 12ABC34501DE → 35.
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    // A numeric base gives the check digits it always had.
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    // "A" counts 17 and "6" counts 6: 11 apart, so modulo 11 they weigh the same.
    expect(cnpjCheckDigits('A12223330001')).toBe(cnpjCheckDigits('612223330001'));
  });

  it.each([
    ['11.222.333/0001-82', 'cnpj', 'the last check digit off by one'],
    ['11.222.333/0001-71', 'cnpj', 'the first check digit off by one'],
    ['11.222.333/0002-81', 'cnpj', 'the branch number changed'],
    ['12.ABC.345/01DE-36', 'cnpj', 'the Receita Federal example, last digit off'],
    ['12.ABD.345/01DE-35', 'cnpj', 'one letter changed'],
    ['12.ABC.345/01DF-35', 'cnpj', 'the last letter of the base changed'],
    ['00.000.000/0000-00', 'cnpj', 'zeros'],
    ['12.ABC.345/01DE-3A', 'invalid', 'a letter among the check digits'],
    ['12.ABC.345/01DE-3', 'invalid', '13 characters'],
    ['1234567890', 'invalid', '10 digits'],
    ['123456789012', 'invalid', '12 digits'],
    ['12.ABC.345/01DÉ-35', 'invalid', 'an accented letter'],
    ['12_ABC_345_01DE_35', 'invalid', 'other punctuation'],
  ])('%s is refused as %s (%s)', (cnpj, problem) => {
    expect(readDocumento(cnpj)).toEqual({ ok: false, problem });
  });

  it('any 12-character base (digits and A–Z) gets its check digits; any other pair is refused', () => {
    fc.assert(
      fc.property(fc.array(alnum, { minLength: 12, maxLength: 12 }), fc.nat({ max: 1 }), fc.integer({ min: 1, max: 9 }), (base, at, delta) => {
        const body = base.join('');
        fc.pre(!/^(.)\1*$/.test(body));
        const cnpj = body + cnpjCheckDigits(body);
        expect(readDocumento(formatDocumento(cnpj).toLowerCase())).toEqual({ ok: true, value: cnpj, tipo: 'cnpj' });
        const i = 12 + at;
        const typo = cnpj.slice(0, i) + String((Number(cnpj[i]) + delta) % 10) + cnpj.slice(i + 1);
        expect(isCnpj(typo)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('readDocumento: as people write it', () => {
  it.each(DOCUMENTOS)('%s → %s', (written, stored) => {
    expect(readDocumento(written)).toMatchObject({ ok: true, value: stored });
  });

  it.each([[''], ['   ']])('%j is empty', (t) => expect(readDocumento(t)).toEqual({ ok: false, problem: 'empty' }));

  it('formats as it is shown: masked', () => {
    expect(formatDocumento('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocumento('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocumento('11144477735')).toBe('111.444.777-35');
    for (const [, stored] of DOCUMENTOS) expect(readDocumento(formatDocumento(stored))).toMatchObject({ ok: true, value: stored });
  });
});

describe('readTelefone: Brazilian numbers as people write them', () => {
  it.each(TELEFONES)('%s → %s', (written, stored) => {
    expect(readTelefone(written)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['(20) 98765-4321', 'ddd'],
    ['(10) 3456-7890', 'ddd'],
    ['+55 23 98765-4321', 'ddd'],
    ['(11) 8765-4321', 'invalid'], // a mobile without its ninth digit
    ['(11) 1234-5678', 'invalid'], // no landline starts with 1
    ['(11) 88765-4321', 'invalid'], // 9 digits not starting with 9
    ['98765-4321', 'invalid'], // no DDD
    ['(11) 98765-432', 'invalid'],
    ['(11) 98765-43210', 'invalid'],
    ['0800 123 4567', 'invalid'],
    ['+1 415 555 2671', 'invalid'],
    ['+44 20 7946 0958', 'invalid'],
    ['11 98765-4321 ramal 2', 'invalid'],
    ['11 98765+4321', 'invalid'],
    ['', 'empty'],
  ])('%j is refused (%s)', (written, problem) => {
    expect(readTelefone(written)).toMatchObject({ ok: false, problem });
  });

  it('names the DDD that does not exist', () => {
    expect(readTelefone('(20) 98765-4321')).toEqual({ ok: false, problem: 'ddd', ddd: '20' });
  });

  it('formats, tells mobiles and makes the links', () => {
    expect(formatTelefone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatTelefone('+551134567890')).toBe('(11) 3456-7890');
    expect(isCelular('+5511987654321')).toBe(true);
    expect(isCelular('+551134567890')).toBe(false);
    expect(whatsappUrl('+5511987654321')).toBe('https://wa.me/5511987654321');
    // RFC 6068: the address percent-encoded, so what the API accepts can't add headers to the message.
    expect(mailtoUrl('ana@empresa.com.br')).toBe('mailto:ana@empresa.com.br');
    const hostile = mailtoUrl('vendas?bcc=espiao%40evil.test&subject=Oi@empresa.com.br');
    expect(hostile).toBe('mailto:vendas%3Fbcc%3Despiao%2540evil.test%26subject%3DOi@empresa.com.br');
    const parsed = new URL(hostile);
    expect([parsed.search, parsed.hash]).toEqual(['', '']);
    expect(decodeURIComponent(parsed.pathname)).toBe('vendas?bcc=espiao%40evil.test&subject=Oi@empresa.com.br');
    for (const [, stored] of TELEFONES) expect(readTelefone(formatTelefone(stored))).toEqual({ ok: true, value: stored });
  });
});

describe('readEmail', () => {
  it.each([
    ['contato@empresa.com.br', 'contato@empresa.com.br'],
    ['  Ana.Silva@Empresa.COM.BR ', 'Ana.Silva@empresa.com.br'],
    ['vendas+pedidos@loja.com', 'vendas+pedidos@loja.com'],
    ['joão@açaí.com.br', 'joão@açaí.com.br'],
    ['x@sub.dominio.xn--p1ai', 'x@sub.dominio.xn--p1ai'],
  ])('%j → %j', (written, stored) => {
    expect(readEmail(written)).toEqual({ ok: true, value: stored });
  });

  it.each([
    'contato', 'contato@', '@empresa.com', 'contato@empresa', 'contato @empresa.com', 'con..tato@empresa.com',
    '.contato@empresa.com', 'contato@-empresa.com', 'contato@empresa..com', 'contato@empresa.c', 'a@b@c.com',
    'contato@empresa.com.', `${'a'.repeat(65)}@empresa.com`, `a@${'b'.repeat(250)}.com`, 'contato@empresa.com,', '<contato@empresa.com>',
  ])('%j is refused', (written) => {
    expect(readEmail(written).ok).toBe(false);
  });
});

describe('dates', () => {
  it.each([
    ['31/12/2026', '2026-12-31'],
    ['1/2/2026', '2026-02-01'],
    ['31-12-2026', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['31122026', '2026-12-31'],
    ['31/12/26', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['29/02/2028', '2028-02-29'],
  ])('a person’s %j → %s', (written, iso) => {
    expect(readData(written)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['31/04/2026', 'invalid'],
    ['29/02/2027', 'invalid'],
    ['2026-13-01', 'invalid'],
    ['12/31/2026', 'invalid'],
    ['31/12', 'invalid'],
    ['amanhã', 'invalid'],
    ['31/12/1899', 'range'],
    ['01/01/2200', 'range'],
  ])('%j is refused (%s)', (written, problem) => {
    expect(readData(written)).toEqual({ ok: false, problem });
  });

  it('the API takes ISO only', () => {
    expect(readIsoDate('2026-12-31')).toEqual({ ok: true, value: '2026-12-31' });
    expect(readIsoDate('31/12/2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(readIsoDate('2026-02-30')).toEqual({ ok: false, problem: 'invalid' });
    expect(readIsoDate('2026-1-31')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('formats, counts days and reads today in the local time zone', () => {
    expect(formatData('2026-12-31')).toBe('31/12/2026');
    expect(daysBetween('2026-12-31', '2027-01-12')).toBe(12);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    // Across a daylight-saving change, still whole days.
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(todayIso(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('checkContato: one field, one message, for the API, the web and the import', () => {
  it('lists the fields: the spec’s, then the contact and contract ones', () => {
    expect(CLIENTE_FIELDS.slice(0, 5)).toEqual(['nome', 'segmento', 'pontoFocal', 'valorContrato', 'categoria']);
    expect(CLIENTE_FIELDS.slice(5)).toEqual([...CONTATO_FIELDS]);
  });

  it('blank is none; values come out normalized', () => {
    for (const f of CONTATO_FIELDS) expect(checkContato(f, ' \u200b ')).toEqual({ ok: true, value: null });
    expect(checkContato('telefone', '(11) 98765-4321')).toEqual({ ok: true, value: '+5511987654321' });
    expect(checkContato('documento', '12.abc.345/01de-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
    expect(checkContato('observacoes', ' linha 1\r\nlinha 2\r\n')).toEqual({ ok: true, value: 'linha 1\nlinha 2' });
    expect(checkContato('inicioContrato', '31/12/2026', 'pessoa')).toEqual({ ok: true, value: '2026-12-31' });
  });

  it.each([
    ['email', 'ana@', MESSAGES.campoEmail('email')],
    ['telefone', '(20) 98765-4321', MESSAGES.campoTelefoneDdd('telefone', '20')],
    ['telefone', '1234', MESSAGES.campoTelefone('telefone')],
    ['documento', '111.444.777-36', MESSAGES.campoCpf('documento')],
    ['documento', '11.222.333/0001-82', MESSAGES.campoCnpj('documento')],
    ['documento', '1234', MESSAGES.campoDocumento('documento')],
    ['observacoes', 'x'.repeat(2001), MESSAGES.campoLongo('observacoes', 2000)],
    ['observacoes', 'a\u0000b', MESSAGES.campoTextoInvalido('observacoes')],
    ['inicioContrato', '31/12/2026', MESSAGES.campoData('inicioContrato', '2026-12-31')],
    ['fimContrato', '2200-01-01', MESSAGES.campoDataFaixa('fimContrato', '1900-01-01', '2199-12-31')],
  ] as const)('%s %j → %s', (campo, written, mensagem) => {
    expect(checkContato(campo, written)).toEqual({ ok: false, mensagem });
  });

  it('says dates the way the sender writes them', () => {
    expect(checkContato('fimContrato', '31/02/2026', 'pessoa')).toEqual({ ok: false, mensagem: MESSAGES.campoData('fimContrato', '31/12/2026') });
    expect(checkContato('fimContrato', '01/01/2200', 'pessoa')).toEqual({ ok: false, mensagem: MESSAGES.campoDataFaixa('fimContrato', '01/01/1900', '31/12/2199') });
  });

  it('refuses an end before the start, about fimContrato; the same day is fine', () => {
    expect(datasProblem('2026-05-01', '2026-04-30')).toBe(MESSAGES.fimAntesDoInicio('fimContrato', 'inicioContrato'));
    expect(datasProblem('2026-05-01', '2026-05-01')).toBeUndefined();
    expect(datasProblem(undefined, '2026-04-30')).toBeUndefined();
    expect(datasProblem('2026-05-01', null)).toBeUndefined();
  });
});
