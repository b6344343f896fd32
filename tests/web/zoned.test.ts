import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyTimeZone,
  dayIn,
  DEFAULT_TIME_ZONE,
  formatMoment,
  formatQuando,
  relativeDay,
  relativeQuando,
  setCompanyTimeZone,
  shiftDays,
  todayIn,
  zonedIso,
} from '../../web/src/lib/zoned.ts';

const SP = 'America/Sao_Paulo';

// The browser's own zone is far from the company's: nothing here may depend on it.
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = browserZone;
  setCompanyTimeZone(undefined);
});

describe('pt-BR dates in the company time zone', () => {
  it('runs in a browser zone other than the company one', () => {
    // Tokyo's wall clock at this instant is already the next day.
    expect(new Date('2026-11-27T23:30:00-03:00').getDate()).toBe(28);
  });

  it('writes "27/11/2026 às 10:00" in São Paulo whatever UTC and the browser say', () => {
    expect(formatQuando('2026-11-27T13:00:00Z', SP)).toBe('27/11/2026 às 10:00');
    expect(formatQuando('2026-11-27T10:00:00-03:00', SP)).toBe('27/11/2026 às 10:00');
    // 23:30 in São Paulo is 02:30 UTC of the next day: still the 27th there.
    expect(formatQuando('2026-11-28T02:30:00Z', SP)).toBe('27/11/2026 às 23:30');
    expect(dayIn(new Date('2026-11-28T02:30:00Z'), SP)).toBe('2026-11-27');
    expect(formatQuando('2026-11-28T00:05:00-03:00', SP)).toBe('28/11/2026 às 00:05');
    expect(formatMoment('2026-11-23T17:05:00.000Z', SP)).toBe('23/11/2026 14:05');
  });

  it('follows another company zone', () => {
    expect(formatQuando('2026-11-27T13:00:00Z', 'America/Manaus')).toBe('27/11/2026 às 09:00');
    expect(formatQuando('2026-11-27T13:00:00Z', 'Europe/Lisbon')).toBe('27/11/2026 às 13:00');
  });

  it('keeps an unreadable value as it came', () => {
    expect(formatQuando('amanhã', SP)).toBe('amanhã');
    expect(relativeDay('x', new Date(), SP)).toBe('x');
  });

  it('names the day relative to today there: hoje, amanhã, ontem, em 3 dias, há 2 dias, a date beyond a week', () => {
    // 21:00 of the 27th in São Paulo (already the 28th in UTC and in Tokyo).
    const now = new Date('2026-11-28T00:00:00Z');
    expect(todayIn(now, SP)).toBe('2026-11-27');
    expect(relativeDay('2026-11-27T08:00:00-03:00', now, SP)).toBe('hoje');
    expect(relativeDay('2026-11-27T23:30:00-03:00', now, SP)).toBe('hoje');
    expect(relativeDay('2026-11-28T00:00:00-03:00', now, SP)).toBe('amanhã');
    expect(relativeDay('2026-11-26T23:59:00-03:00', now, SP)).toBe('ontem');
    expect(relativeDay('2026-11-30T10:00:00-03:00', now, SP)).toBe('em 3 dias');
    expect(relativeDay('2026-12-03T10:00:00-03:00', now, SP)).toBe('em 6 dias');
    expect(relativeDay('2026-12-04T10:00:00-03:00', now, SP)).toBe('em 04/12/2026');
    expect(relativeDay('2026-11-25T10:00:00-03:00', now, SP)).toBe('há 2 dias');
    expect(relativeQuando('2026-11-28T13:00:00Z', now, SP)).toBe('amanhã às 10:00');
    expect(relativeQuando('2026-11-30T10:00:00-03:00', now, SP)).toBe('em 3 dias às 10:00');
  });

  it('turns a day and a time typed in the company zone into ISO with its offset', () => {
    expect(zonedIso('2026-11-27', '10:00', SP)).toBe('2026-11-27T10:00:00-03:00');
    expect(zonedIso('2026-11-27', '23:30', SP)).toBe('2026-11-27T23:30:00-03:00');
    expect(new Date(zonedIso('2026-11-27', '23:30', SP)).toISOString()).toBe('2026-11-28T02:30:00.000Z');
    expect(zonedIso('2026-07-01', '10:00', 'Europe/Lisbon')).toBe('2026-07-01T10:00:00+01:00');
    expect(zonedIso('2026-01-01', '10:00', 'Europe/Lisbon')).toBe('2026-01-01T10:00:00+00:00');
    expect(zonedIso('2026-11-27', '10:00', 'Asia/Kolkata')).toBe('2026-11-27T10:00:00+05:30');
  });

  it('reschedules by calendar days at the same wall-clock time, across a DST change', () => {
    expect(shiftDays('2026-11-27T10:00:00-03:00', 1, SP)).toBe('2026-11-28T10:00:00-03:00');
    expect(shiftDays('2026-11-27T13:00:00Z', 7, SP)).toBe('2026-12-04T10:00:00-03:00');
    // Europe's clocks move on 29 March 2026: 10:00 stays 10:00.
    expect(shiftDays('2026-03-27T10:00:00+00:00', 7, 'Europe/Lisbon')).toBe('2026-04-03T10:00:00+01:00');
    // The month and the year roll over.
    expect(shiftDays('2026-12-31T09:00:00-03:00', 1, SP)).toBe('2027-01-01T09:00:00-03:00');
  });

  it('takes the zone from config.json and keeps São Paulo for a missing or unknown one', () => {
    expect(companyTimeZone()).toBe(DEFAULT_TIME_ZONE);
    setCompanyTimeZone('America/Manaus');
    expect(companyTimeZone()).toBe('America/Manaus');
    expect(formatQuando('2026-11-27T13:00:00Z')).toBe('27/11/2026 às 09:00');
    setCompanyTimeZone('Not/AZone');
    expect(companyTimeZone()).toBe(SP);
    setCompanyTimeZone(42);
    expect(companyTimeZone()).toBe(SP);
  });
});
