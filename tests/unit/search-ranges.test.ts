/**
 * The search's key ranges read at once (store/listas.ts searchRanges): together exactly the keys
 * a `begins_with` of the prefix reads, each in one range only, compared as DynamoDB compares
 * strings (their UTF-8 bytes).
 */
import { describe, expect, it } from 'vitest';
import { SEP, searchRanges } from '../../lambdas/store/listas.ts';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const within = (key: string, from: string, to: string) => Buffer.compare(utf8(from), utf8(key)) <= 0 && Buffer.compare(utf8(key), utf8(to)) <= 0;
const key = (word: string, id: number) => `${word}${SEP}${String(id).padStart(16, '0')}`;

describe('searchRanges', () => {
  // Words beside each cut, digits, letters past z, an astral letter, and words that merely sort near.
  const words = ['pa', 'pa0', 'pa9', 'paa', 'pag', 'pagzzz', 'pah', 'pao', 'paozz', 'pap', 'paz', 'paω', 'pa\u{20000}', 'pa\u{20000}b', 'p', 'pb', 'o', 'paç', 'padaria', 'padarias'];
  const ids = [0, 1, 7, 99, 100, 101, 250_000, 250_001, 9_999_999];

  for (const [prefix, lastId, parts] of [['pa', 250_000, 4], ['pa', 0, 4], ['pa', 3, 8], ['padaria', 120, 1]] as const) {
    it(`"${prefix}" with ids up to ${lastId} in ${parts} parts: every key with the prefix in exactly one range, no other key in any`, () => {
      const ranges = searchRanges(prefix, lastId, parts);
      expect(ranges.length).toBeGreaterThan(1);
      for (const w of words) {
        for (const id of ids) {
          const k = key(w, id);
          const hits = ranges.filter((r) => within(k, r.from!, r.to!)).length;
          expect(hits, `${JSON.stringify(w)} #${id}`).toBe(w.startsWith(prefix) ? 1 : 0);
        }
      }
    });
  }

  it('cuts the word itself into even id parts, later ids in the last', () => {
    const ranges = searchRanges('ana', 99, 4);
    const own = ranges.filter((r) => r.from!.startsWith(`ana${SEP}`));
    expect(own).toHaveLength(4);
    const id = (n: number) => String(n).padStart(16, '0');
    expect(own.map((r) => [r.from!.slice(4), r.to!.slice(4)])).toEqual([
      [id(0), id(24)],
      [id(25), id(49)],
      [id(50), id(74)],
      [id(75), '9'.repeat(16)],
    ]);
  });
});
