import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE as CONTRACT_DEFAULT } from '../../lambdas/contract/index.ts';
import { isAtrasada, proximaTexto, secaoOf, secoesOf } from '../../web/src/lib/agenda.ts';
import { DEFAULT_TIME_ZONE } from '../../web/src/lib/zoned.ts';

const SP = 'America/Sao_Paulo';
// 22:00 of Friday 27/11/2026 in São Paulo: already Saturday in UTC.
const now = new Date('2026-11-28T01:00:00Z');

describe('agenda sections in the company time zone', () => {
  it("the web's default zone is the contract's", () => {
    expect(DEFAULT_TIME_ZONE).toBe(CONTRACT_DEFAULT);
  });

  it('puts a pending tarefa of a day before today in Atrasadas; earlier today stays in Hoje', () => {
    expect(secaoOf({ quando: '2026-11-26T23:59:00-03:00' }, now, SP)).toBe('atrasadas');
    expect(secaoOf({ quando: '2026-11-20T10:00:00-03:00' }, now, SP)).toBe('atrasadas');
    expect(secaoOf({ quando: '2026-11-27T00:00:00-03:00' }, now, SP)).toBe('hoje');
    expect(isAtrasada({ quando: '2026-11-26T10:00:00-03:00' }, now, SP)).toBe(true);
    expect(isAtrasada({ quando: '2026-11-20T10:00:00-03:00', concluida: true }, now, SP)).toBe(false);
  });

  it('keeps 23:30 of the same day in Hoje although UTC is a day ahead', () => {
    expect(secaoOf({ quando: '2026-11-27T23:30:00-03:00' }, now, SP)).toBe('hoje');
    expect(secaoOf({ quando: '2026-11-28T02:30:00Z' }, now, SP)).toBe('hoje');
    // 01:00 UTC of the 27th is still the 26th in São Paulo: overdue.
    expect(secaoOf({ quando: '2026-11-27T01:00:00Z' }, now, SP)).toBe('atrasadas');
  });

  it('splits the days after today into Próximos 7 dias and Depois', () => {
    expect(secaoOf({ quando: '2026-11-28T00:00:00-03:00' }, now, SP)).toBe('proximos');
    expect(secaoOf({ quando: '2026-12-04T23:59:00-03:00' }, now, SP)).toBe('proximos');
    expect(secaoOf({ quando: '2026-12-05T00:00:00-03:00' }, now, SP)).toBe('depois');
  });

  it('sorts each section by time, the earliest overdue first, and leaves done ones out', () => {
    const t = (id: number, quando: string, concluida = false) => ({ id, quando, concluida });
    const s = secoesOf([t(1, '2026-11-26T09:00:00-03:00'), t(2, '2026-11-25T09:00:00-03:00'), t(3, '2026-11-27T23:00:00-03:00'), t(4, '2026-11-26T09:00:00-03:00', true), t(5, '2027-01-10T09:00:00-03:00')], now, SP);
    expect(s.atrasadas.map((x) => x.id)).toEqual([2, 1]);
    expect(s.hoje.map((x) => x.id)).toEqual([3]);
    expect(s.proximos).toEqual([]);
    expect(s.depois.map((x) => x.id)).toEqual([5]);
  });
});

describe('the next tarefa in words', () => {
  it('says the type, the day relative to today and the time, in the company zone', () => {
    expect(proximaTexto({ tipo: 'ligacao', quando: '2026-11-28T13:00:00Z' }, now, SP)).toBe('Ligação amanhã às 10:00');
    expect(proximaTexto({ tipo: 'reuniao', quando: '2026-11-27T23:30:00-03:00' }, now, SP)).toBe('Reunião hoje às 23:30');
    expect(proximaTexto({ tipo: 'visita', quando: '2026-11-30T09:00:00-03:00' }, now, SP)).toBe('Visita em 3 dias às 09:00');
    expect(proximaTexto({ tipo: 'whatsapp', quando: '2026-11-26T09:00:00-03:00' }, now, SP)).toBe('WhatsApp ontem às 09:00');
  });
});
