/**
 * Reading an amount of money as a Brazilian types it (lambdas/contract/money.ts): the dot groups
 * thousands, the comma starts the cents, and whatever could mean two amounts is refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/limits.ts';
import { formatMoneyInput, readMoney } from '../../lambdas/contract/money.ts';
import { ISSUE_13_AMOUNTS } from '../support/money-forms.ts';

const NBSP = '\u00a0';

describe('readMoney: what people type', () => {
  it.each<readonly [string, number]>([
    ...ISSUE_13_AMOUNTS,
    // The dot groups thousands, the comma starts the cents.
    ['1.234.567,89', 1234567.89],
    ['1.000.000', 1000000],
    ['10.000,5', 10000.5],
    ['0,5', 0.5],
    ['0,05', 0.05],
    ['0', 0],
    ['0,00', 0],
    ['007', 7],
    // A mark first: the zero before it left out (audit 13, item 1).
    [',50', 0.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['R$ ,50', 0.5],
    // Leading zeros never change an amount: the dot still groups thousands after them.
    ['01.500', 1500],
    ['001.234,56', 1234.56],
    ['1234,56', 1234.56],
    // A dot with one or two digits after it can only be a decimal point (it groups three).
    ['1500.75', 1500.75],
    ['999.5', 999.5],
    ['12.50', 12.5],
    // Both marks: the last one is the decimal point; the other groups thousands (US style too).
    ['1,500.50', 1500.5],
    ['1,234,567.89', 1234567.89],
    ['12,345.6', 12345.6],
    // Several of one mark can only group thousands.
    ['1,234,567', 1234567],
    // The currency sign, copied text and spaces around.
    ['R$1.234,56', 1234.56],
    ['r$ 10', 10],
    [`R$${NBSP}1.234,56`, 1234.56],
    ['  10.000  ', 10000],
    // The largest amount the API takes.
    ['100.000.000', LIMITS.valorContrato.max],
    ['100.000.000,00', LIMITS.valorContrato.max],
  ])('%j is %d', (text, value) => {
    expect(readMoney(text)).toEqual({ ok: true, value });
  });
});

describe('readMoney: what it refuses, and why', () => {
  it.each(['', '   ', 'R$', ' R$  '])('%j is empty', (text) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'empty' });
  });

  it.each([
    // A comma and three digits: a thousands group to some, cents and a stray digit to others.
    ['1,500', 1500, 1.5],
    ['12,345', 12345, 12.345],
    ['999,999', 999999, 999.999],
    ['R$ 1,500', 1500, 1.5],
    ['01,500', 1500, 1.5],
    // A zero "grouped" by a dot: 500 typed oddly, or 0,5 typed the English way.
    ['0.500', 500, 0.5],
    ['00.500', 500, 0.5],
    ['.500', 500, 0.5],
    ['0.125', 125, 0.125],
  ])('%j is ambiguous (%d or %d)', (text, thousands, decimal) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'ambiguous', readings: [thousands, decimal] });
  });

  it.each([
    '1.5.0',
    '1..5',
    '1,,5',
    '1,5,0',
    '1.50.000',
    '1.234.56',
    '1,234,56',
    '12.5.',
    '10,',
    '10.',
    ',',
    ',,5',
    '.5.000',
    '1.000,00,00',
    '1,000.000.00',
    '1 234,56',
    'abc',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '1_000',
    '+10',
    '10 R$',
    '１０',
  ])('%j is not an amount', (text) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'invalid' });
  });

  it.each(['12,505.123', '1.234,567', '1234,567', '0,500', ',500', '0.5000', '01.2345', '1.2345', '1,5000', '1234.567'])('%j has more than two decimals', (text) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'decimals' });
  });

  it.each(['-10', '-1.500,00', 'R$ -10', '- 10', '\u221210', '- R$ 5', '-R$5', '\u2212 R$ 1.500,00', `-R$${NBSP}5`, '-,50'])('%j is negative', (text) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'negative' });
  });

  it('refuses a minus sign before something that is not an amount as not an amount', () => {
    expect(readMoney('-abc')).toEqual({ ok: false, problem: 'invalid' });
    // The currency sign once: before or after the minus, not both.
    expect(readMoney('R$ - R$ 5')).toEqual({ ok: false, problem: 'invalid' });
    expect(readMoney('- R$')).toEqual({ ok: false, problem: 'invalid' });
  });

  it.each(['100.000.000,01', '100.000.001', '999.999.999.999,99', '99999999999999999999'])('%j is above the largest amount', (text) => {
    expect(readMoney(text)).toEqual({ ok: false, problem: 'max' });
  });
});

describe('formatMoneyInput', () => {
  it('writes an amount as the field shows it: thousands grouped, two decimals, no currency sign', () => {
    expect(formatMoneyInput(10000)).toBe('10.000,00');
    expect(formatMoneyInput(1234.56)).toBe('1.234,56');
    expect(formatMoneyInput(0.5)).toBe('0,50');
    expect(formatMoneyInput(0)).toBe('0,00');
    expect(formatMoneyInput(LIMITS.valorContrato.max)).toBe('100.000.000,00');
  });

  it('reads back as the same amount, for every amount in cents up to the largest', () => {
    const cents = fc.integer({ min: 0, max: LIMITS.valorContrato.max * 100 });
    fc.assert(
      fc.property(cents, (c) => {
        const value = c / 100;
        expect(readMoney(formatMoneyInput(value))).toEqual({ ok: true, value });
        // Plain digits with a decimal comma or point read the same.
        expect(readMoney(value.toFixed(2).replace('.', ','))).toEqual({ ok: true, value });
      }),
      { numRuns: 2_000 },
    );
  });
});
