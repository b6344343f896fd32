/**
 * The template's logical ids against the list committed in infra/logical-ids.json (written by
 * `npx tsx tools/logical-ids.ts --write`): a changed id is a resource CloudFormation replaces, so
 * a restructuring of the constructs must keep every one, for each listed settings file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { committedLogicalIds, currentLogicalIds, LISTED_SETTINGS, logicalIdDifferences, type LogicalIds } from '../../tools/logical-ids.ts';

let current: LogicalIds;
beforeAll(() => {
  current = currentLogicalIds();
});

describe('logical ids', () => {
  it.each(Object.keys(LISTED_SETTINGS))('the %s template has exactly the committed ids, each of its committed type', (name) => {
    const committed = committedLogicalIds()[name];
    expect(committed, `no committed list for "${name}"`).toBeDefined();
    expect(Object.keys(committed!).length).toBeGreaterThan(100);
    expect(current[name]).toEqual(committed);
  });

  it('reports a changed id: a renamed construct shows as one id gone and one new', () => {
    const committed = committedLogicalIds();
    const renamed: LogicalIds = { ...committed, default: { ...committed.default } };
    const [id, type] = Object.entries(renamed.default!)[0]!;
    delete renamed.default![id];
    renamed.default![`${id}X`] = type;
    expect(logicalIdDifferences(committed, renamed)).toEqual([`default: - ${id} ${type}`, `default: + ${id}X ${type}`]);
    expect(logicalIdDifferences(committed, committed)).toEqual([]);
  });
});
