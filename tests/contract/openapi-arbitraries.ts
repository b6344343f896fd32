/**
 * fast-check arbitraries generated from the OpenAPI document: values that satisfy a schema
 * (the "valid" side of the property-based suite). Supports the JSON Schema subset the document
 * uses (object, string, integer, number, boolean, null, a list of types, anyOf, array, $ref).
 */
import fc from 'fast-check';
import { cnpjCheckDigits, cpfCheckDigits } from '../../lambdas/contract/documento.ts';
import { formatDocumento } from '../../lambdas/contract/formatos.ts';
import { CATEGORY_NAME_PATTERN } from '../../lambdas/contract/text.ts';
import type { JsonSchema, OpenApiDocument } from '../../lambdas/openapi/document.ts';
import { deref } from './openapi-validator.ts';

/** One character: mostly ASCII, some accented / CJK (BMP), some emoji (2 UTF-16 units), some white space. */
export const textChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom('á', 'ç', 'ã', 'É', 'ü', 'ñ', '中', 'ß', 'Ω', 'ŀ', '\u00a0') },
  { weight: 1, arbitrary: fc.constantFrom('😀', '👑', '💎', '😥', '𝔘') },
  { weight: 1, arbitrary: fc.constantFrom(' ', '\t', '\n', '\u2003') },
);

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

/** The CPFs and CNPJs most generated clients draw from (valid, as stored). */
export const DOCUMENTO_POOL = ['52998224725', '39053344705', '11222333000181', '12ABC34501DE35', '11444777000161'] as const;

/**
 * Values of the formats the client's contact fields declare, written as people write them (the
 * server normalizes them; the model reads the same value back with the contract's readers).
 */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'idn-email': fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,6})?$/), fc.constantFrom('empresa.com.br', 'Loja.COM', 'açaí.com.br', 'x.io'), fc.constantFrom('', ' '))
    .map(([name, domain, pad]) => `${pad}${name}@${domain}${pad}`),
  'telefone-br': fc
    .tuple(fc.constantFrom('11', '21', '31', '47', '55', '61', '71', '85', '92', '99'), fc.boolean(), digits(8), fc.constantFrom('br', 'digits', 'e164', 'trunk'))
    .map(([ddd, mobile, rest, style]) => {
      const sub = mobile ? `9${rest}` : `${2 + (Number(rest[0]) % 4)}${rest.slice(1)}`;
      const split = `${sub.slice(0, -4)}-${sub.slice(-4)}`;
      return style === 'br' ? `(${ddd}) ${split}` : style === 'digits' ? `${ddd}${sub}` : style === 'e164' ? `+55${ddd}${sub}` : `0${ddd} ${split}`;
    }),
  // Mostly from a small pool, so that two clients claim the same one (the 409 of a create, an
  // update or a restore); else any valid CPF or CNPJ.
  'cpf-cnpj': fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...DOCUMENTO_POOL) },
        { weight: 1, arbitrary: digits(9).map((b) => b + cpfCheckDigits(b)) },
        { weight: 1, arbitrary: fc.stringMatching(/^[0-9A-Z]{12}$/).map((b) => b + cnpjCheckDigits(b)) },
      ),
      fc.boolean(),
    )
    .filter(([d]) => !/^(.)\1*$/.test(d))
    .map(([d, masked]) => (masked ? formatDocumento(d) : d)),
  date: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
};

/**
 * A string of minLength..maxLength code points (what JSON Schema and the server count); with
 * the `\S` pattern it is not blank after trimming.
 */
function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  if (typeof schema.format === 'string') {
    const arb = FORMATS[schema.format];
    if (!arb) throw new Error(`No arbitrary for format ${schema.format}`);
    return arb;
  }
  // Free text whose pattern only asks for some character (not blank; a category name's letter or digit).
  const textPattern = schema.pattern === '\\S' || schema.pattern === CATEGORY_NAME_PATTERN;
  if (typeof schema.pattern === 'string' && !textPattern) {
    // A value of its own shape (an e-mail): strings the pattern matches, within the lengths.
    return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length >= min && s.length <= max);
  }
  const nonBlank = textPattern;
  const matches = (s: string) => typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(s);
  const build = fc.array(textChar, { minLength: min, maxLength: max }).map((chars) => chars.join(''));
  // At the limit, in one-unit and in two-unit characters.
  const boundary = fc.constantFrom('x'.repeat(max), '😀'.repeat(max), 'x'.repeat(Math.max(min, 1)));
  const codePoints = (s: string) => [...s].length;
  return fc
    .oneof({ weight: 8, arbitrary: build }, { weight: 1, arbitrary: boundary })
    .filter((s) => codePoints(s) >= min && codePoints(s) <= max && (!nonBlank || s.trim().length > 0) && matches(s));
}

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = BigInt((schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER);
  const max = BigInt((schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min, max: min + 1000n < max ? min + 1000n : max }).map(Number) },
    { weight: 1, arbitrary: fc.bigInt({ min, max }).map(Number) },
  );
}

function numberArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -1e15;
  const max = (schema.maximum as number | undefined) ?? 1e15;
  const step = schema.multipleOf as number | undefined;
  if (step === undefined) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const perUnit = Math.round(1 / step); // 0.01 → 100: divide, so 115 / 100 is the double nearest 1.15
  const lo = BigInt(Math.ceil(min * perUnit));
  const hi = BigInt(Math.floor(max * perUnit));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(min, max, 1.15, 999.5, 10000, 10000.01) },
    { weight: 3, arbitrary: fc.bigInt({ min: lo, max: lo + 10_000_000n }).map((n) => Number(n) / perUnit) },
    { weight: 2, arbitrary: fc.bigInt({ min: lo, max: hi }).map((n) => Number(n) / perUnit) },
  );
}

/**
 * A number of `numberSchema` written as a plain decimal string (`"1500.5"`): the string branch of
 * a money field, whose range lives on its number branch (a pattern can't state it).
 */
const decimalText = (numberSchema: JsonSchema) => numberArb(numberSchema).map((n) => String(n));

/** Fields the server keeps in order (a rule across fields JSON Schema can't state): swapped when out of order. */
const ORDERED: readonly (readonly [string, string])[] = [['inicioContrato', 'fimContrato']];

function inOrder(value: Record<string, unknown>): Record<string, unknown> {
  for (const [first, second] of ORDERED) {
    const [a, b] = [value[first], value[second]];
    if (typeof a === 'string' && typeof b === 'string' && a.trim() !== '' && b.trim() !== '' && b.trim() < a.trim()) {
      value = { ...value, [first]: b, [second]: a };
    }
  }
  return value;
}

/** An arbitrary of values valid for `schema` (refs resolved in `doc`). */
export function arbitraryFromSchema(doc: OpenApiDocument, input: JsonSchema): fc.Arbitrary<unknown> {
  const schema = deref(doc, input);
  if (Array.isArray(schema.anyOf)) {
    const branches = (schema.anyOf as JsonSchema[]).map((s) => deref(doc, s));
    const number = branches.find((b) => b.type === 'number');
    return fc.oneof(
      ...branches.map((b) => (number && b.type === 'string' && b.pattern !== undefined ? decimalText(number) : arbitraryFromSchema(doc, b))),
    );
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryFromSchema(doc, { ...schema, type })));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb(schema);
    case 'integer':
      return integerArb(schema);
    case 'number':
      return numberArb(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFromSchema(doc, schema.items as JsonSchema), { maxLength: 5 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(properties)) model[name] = arbitraryFromSchema(doc, prop);
      return fc.record(model, { requiredKeys: required }).map(inOrder);
    }
    default:
      throw new Error(`No arbitrary for schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}
