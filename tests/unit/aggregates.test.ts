/** aggregateOps: the update operations of the totals for each kind of client write. */
import { beforeAll, describe, expect, it } from 'vitest';
import { aggregateOps, toCents } from '../../lambdas/store/aggregates.ts';
import type { ClienteRecord } from '../../lambdas/store/items.ts';
import { toTransactItem } from '../../lambdas/store/write.ts';

beforeAll(() => {
  process.env.TABLE_NAME = 'unit';
});

const cliente = (categoriaId: number | null, valorContrato: number): ClienteRecord => ({
  id: 1,
  nome: 'x',
  segmento: '',
  pontoFocal: '',
  valorContrato,
  categoriaId,
  versao: 1,
  historico: 0,
});

/** Each operation as [key sk, count, vips, cents]. */
const deltas = (before: ClienteRecord | null, after: ClienteRecord | null) =>
  aggregateOps(before, after).map((op) => {
    if (!('update' in op)) throw new Error(`${op.name} is not an update`);
    const added = op.update.add!;
    return [op.key.sk, added.produtos, added.vips, added.soma];
  });

describe('aggregateOps', () => {
  it('create and delete count a client in and out of its category, or of Sem categoria (sk 0)', () => {
    expect(deltas(null, cliente(3, 10000.01))).toEqual([[3, 1, 1, 1000001]]);
    expect(deltas(cliente(null, 10000), null)).toEqual([[0, -1, 0, -1000000]]);
  });

  it('a change of value in place is one update of the VIP count and the sum; no change, no update', () => {
    expect(deltas(cliente(3, 100), cliente(3, 20000))).toEqual([[3, 0, 1, 1990000]]);
    expect(deltas(cliente(3, 100), cliente(3, 100))).toEqual([]);
  });

  it('a move that also changes the value: one update per category, each with both changes folded', () => {
    expect(deltas(cliente(3, 20000), cliente(4, 5))).toEqual([
      [3, -1, -1, -2000000],
      [4, 1, 0, 500],
    ]);
    expect(deltas(cliente(3, 1), cliente(null, 1))).toEqual([
      [3, -1, 0, -100],
      [0, 1, 0, 100],
    ]);
  });

  it('a category must exist; the Sem categoria item is never created by a write (it is the marker)', () => {
    const [op] = aggregateOps(null, cliente(3, 1));
    expect(toTransactItem(op!, 'unit').Update!.ConditionExpression).toBe('attribute_exists(#pk)');
    expect(op!.onFailed!(undefined)).toEqual({ kind: 'categoriaMissing', id: 3 });
    const [sem] = aggregateOps(null, cliente(null, 1));
    expect(toTransactItem(sem!, 'unit').Update!.ConditionExpression).toBe('attribute_exists(#pk)');
    expect(sem!.onFailed!(undefined)).toEqual({ kind: 'changed' });
  });

  it('counts cents exactly', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents(1_000_000_000_000)).toBe(100_000_000_000_000);
    expect(toCents(999999.99)).toBe(99999999);
  });
});
