/** jsonDepth (the nesting guard of request bodies) agrees with the real depth of any JSON value. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../../lambdas/http/request.ts';

/** The nesting depth of a parsed JSON value: arrays and objects count one level each. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('jsonDepth', () => {
  it('equals the depth of the value for any JSON, brackets inside strings and escapes included', () => {
    const withTrickyStrings = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('[', ']', '{', '}', '\\', '"', '\\"[', '"}', 'a\\\\'),
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(withTrickyStrings, (v) => {
        expect(jsonDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
      { numRuns: 500 },
    );
  });

  it('counts a deep nesting in any place', () => {
    expect(jsonDepth(`{"descricao":"x","junk":${'['.repeat(5000)}${']'.repeat(5000)}}`)).toBe(5001);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonDepth('"texto"')).toBe(0);
  });
});
