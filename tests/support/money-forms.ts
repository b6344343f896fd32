/**
 * The amount forms people type, as typed and as a Brazilian means them: one list for the unit,
 * component and browser tests of the value field.
 */
export const ISSUE_13_AMOUNTS: readonly (readonly [typed: string, value: number])[] = [
  ['10000', 10000],
  ['10.000', 10000],
  ['1.234,56', 1234.56],
  ['R$ 1.234,56', 1234.56],
  ['12,50', 12.5],
  ['1.500', 1500],
];
