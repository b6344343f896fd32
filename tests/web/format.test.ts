import { afterEach, describe, expect, it } from 'vitest';
import { VIP_THRESHOLD } from '../../web/src/config.ts';
import { formatMoney, isVip } from '../../web/src/lib/format.ts';
import { fold } from '../../web/src/lib/sort-key.ts';
import { formatDateTime } from '../../web/src/lib/format-date.ts';
import { setCompanyTimeZone } from '../../web/src/lib/company-zone.ts';

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

describe('formatDateTime: the company clock whatever the browser', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = browserZone;
    setCompanyTimeZone(undefined);
  });

  it("writes a stored instant on the company's clock, in a browser far from it", () => {
    process.env.TZ = 'Asia/Tokyo';
    // 02:30 UTC on the 28th: still the 27th in São Paulo, already the 28th at 11:30 in Tokyo.
    expect(formatDateTime('2026-11-28T02:30:00.000Z')).toBe('27/11/2026 23:30');
    setCompanyTimeZone('America/Manaus');
    expect(formatDateTime('2026-11-28T02:30:00.000Z')).toBe('27/11/2026 22:30');
    expect(formatDateTime('ontem')).toBe('ontem');
  });
});
