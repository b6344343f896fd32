import { describe, expect, it } from 'vitest';
import { VIP_THRESHOLD } from '../../web/src/config.ts';
import { fold, formatMoney, isVip } from '../../web/src/lib/format.ts';

const NBSP = '\u00a0';

describe('money format (pt-BR, BRL)', () => {
  it('formats thousands and cents the Brazilian way', () => {
    expect(formatMoney(15000)).toBe(`R$${NBSP}15.000,00`);
    expect(formatMoney(999.5)).toBe(`R$${NBSP}999,50`);
    expect(formatMoney(0)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(1234567.89)).toBe(`R$${NBSP}1.234.567,89`);
  });
});

describe('VIP threshold', () => {
  it('is VIP only above 10000', () => {
    expect(VIP_THRESHOLD).toBe(10000);
    expect(isVip(10000)).toBe(false);
    expect(isVip(10000.01)).toBe(true);
    expect(isVip(0)).toBe(false);
  });
});

describe('fold', () => {
  it('drops accents and case', () => {
    expect(fold('João')).toBe('joao');
    expect(fold('AÇÃO Ótima')).toBe('acao otima');
    expect(fold('Pão de Açúcar').includes(fold('ACUCAR'))).toBe(true);
  });
});
