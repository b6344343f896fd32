/**
 * The OpenAPI document may change in form, never in meaning: what it said before it was derived
 * from the zod schemas (tests/support/fixtures/openapi-before-split.json, the committed
 * docs/openapi.json of the last main before the split) it still says. Both documents are reduced
 * to their meaning (every $ref inlined, descriptions and key order dropped, what a schema implies
 * anyway left out) and compared operation by operation: paths, methods, security, parameters,
 * request bodies, status codes, response headers and schemas. The wire changes only by adding: a
 * new route, a new status, a new optional parameter or property passes; anything dropped,
 * narrowed or changed fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../lambdas/openapi/document.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const BEFORE = JSON.parse(readFileSync(new URL('../support/fixtures/openapi-before-split.json', import.meta.url), 'utf8')) as JsonObject;

/** Words for people, not for a client or a validator. */
const ANNOTATIONS = new Set(['description', 'summary', 'title', 'example', 'examples', '$comment', 'externalDocs', 'tags']);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const canonical = (value: Json): string => JSON.stringify(sortKeys(value));

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k]!)]));
}

/** The value a local `$ref` (`#/components/...`) points at. */
function resolve(doc: JsonObject, ref: string): Json {
  let node: Json = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    if (!isObject(node)) throw new Error(`unresolvable $ref ${ref}`);
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')]!;
  }
  if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return node;
}

/**
 * `node` as it means: $refs inlined (a recursive one stays a $ref), annotations dropped, sets
 * (`required`, `enum`, `type` lists) sorted, and what a schema implies anyway
 * left out (zod 4 writes `type` beside a string enum, a safe integer's bounds, a closed tuple's
 * length).
 */
function meaning(doc: JsonObject, node: Json, seen: readonly string[] = []): Json {
  if (Array.isArray(node)) return node.map((n) => meaning(doc, n, seen));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    return seen.includes(ref) ? { $ref: ref } : meaning(doc, resolve(doc, ref), [...seen, ref]);
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    // Under `properties`, every key is a field's name, never an annotation.
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, meaning(doc, schema, seen)]));
      continue;
    }
    out[key] = meaning(doc, value, seen);
  }
  for (const key of ['required', 'enum', 'type'] as const) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = [...list].sort((a, b) => canonical(a).localeCompare(canonical(b)));
  }
  const values = Array.isArray(out.enum) ? out.enum : 'const' in out ? [out.const!] : undefined;
  if (values && out.type === 'string' && values.every((v) => typeof v === 'string')) delete out.type;
  if (out.type === 'integer') {
    if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
    if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
  }
  if (out.items === false && Array.isArray(out.prefixItems) && out.maxItems === out.prefixItems.length) delete out.maxItems;
  return out;
}

/** One operation as it means: who may call it, its parameters by place and name, its body and its answers. */
function operationMeaning(doc: JsonObject, op: JsonObject): JsonObject {
  const parameters: JsonObject = {};
  for (const p of (op.parameters as Json[] | undefined) ?? []) {
    const param = meaning(doc, p) as JsonObject;
    parameters[`${String(param.in)} ${String(param.name)}`] = param;
  }
  return {
    operationId: op.operationId ?? null,
    security: meaning(doc, op.security ?? doc.security ?? []),
    parameters,
    requestBody: op.requestBody === undefined ? null : meaning(doc, op.requestBody),
    responses: meaning(doc, op.responses ?? {}),
  };
}

/** The document as it means: the base path, the security schemes, and each operation by `METHOD /path`. */
export function documentMeaning(doc: JsonObject): JsonObject {
  const operations: JsonObject = {};
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    for (const [method, op] of Object.entries(item as JsonObject)) {
      if (HTTP_METHODS.has(method)) operations[`${method.toUpperCase()} ${path}`] = operationMeaning(doc, op as JsonObject);
    }
  }
  const components = (doc.components ?? {}) as JsonObject;
  return {
    servers: ((doc.servers as JsonObject[] | undefined) ?? []).map((s) => s.url!),
    securitySchemes: meaning(doc, components.securitySchemes ?? {}),
    operations,
  };
}

/** Where the wire may grow: under these keys an added entry is allowed (a parameter or field only when optional). */
const GROWS = new Set(['operations', 'responses', 'parameters', 'properties']);

/**
 * Where `after` stops saying what `before` said, each as `pointer: what`: an enum may gain values,
 * nothing else may change but by GROWS. `parentKey` is the key `before` and `after` sit under; `required` the required list of the schema whose `properties`
 * they are.
 */
export function meaningChanges(before: Json, after: Json, pointer = '', parentKey = '', required: readonly Json[] = []): string[] {
  if (parentKey === 'enum' && Array.isArray(before) && Array.isArray(after)) {
    // A new value is the wire growing; every value said before must still be there.
    const values = new Set(after.map(canonical));
    return before.filter((v) => !values.has(canonical(v))).map((v) => `${pointer}: ${canonical(v)} dropped`);
  }
  if ((parentKey === 'anyOf' || parentKey === 'oneOf') && Array.isArray(before) && Array.isArray(after) && after.length > before.length) {
    // A new alternative (a new kind of record) is the wire growing; each one said before must still be there as it was.
    return before.flatMap((b, i) => (after.some((a) => meaningChanges(b, a, '', parentKey).length === 0) ? [] : [`${pointer}/${i}: no longer an alternative`]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    // Element by element, so a schema inside anyOf or prefixItems may grow like any other.
    return before.flatMap((b, i) => meaningChanges(b, after[i]!, `${pointer}/${i}`, parentKey, required));
  }
  if (!isObject(before) || !isObject(after)) {
    return canonical(before) === canonical(after) ? [] : [`${pointer}: ${canonical(before).slice(0, 120)} → ${canonical(after).slice(0, 120)}`];
  }
  const changes: string[] = [];
  for (const key of Object.keys(before)) {
    if (!(key in after)) changes.push(`${pointer}/${key}: dropped`);
    else changes.push(...meaningChanges(before[key]!, after[key]!, `${pointer}/${key}`, key, key === 'properties' && Array.isArray(after.required) ? after.required : []));
  }
  for (const key of Object.keys(after)) {
    if (key in before) continue;
    const added = after[key]!;
    const optional = parentKey === 'parameters' ? isObject(added) && added.required !== true : parentKey === 'properties' ? !required.includes(key) : true;
    if (!GROWS.has(parentKey) || !optional) changes.push(`${pointer}/${key}: added ${canonical(added).slice(0, 120)}`);
  }
  return changes;
}

/** What `after` no longer says of what `before` said, both reduced to their meaning. */
export function changesBetween(before: JsonObject, after: JsonObject): string[] {
  return meaningChanges(documentMeaning(before), documentMeaning(after));
}

const now = () => JSON.parse(JSON.stringify(buildOpenApiDocument())) as JsonObject;

describe('OpenAPI document: the same meaning as before the split', () => {
  it('says everything the document said before, and drops, narrows or changes nothing', () => {
    const before = documentMeaning(BEFORE);
    expect(Object.keys(before.operations as JsonObject)).toHaveLength(34);
    expect(changesBetween(BEFORE, now())).toEqual([]);
  });

  it('sees through form: $refs inlined, descriptions and key order dropped, what zod implies anyway', () => {
    const before = now();
    const after = now();
    const schemas = (after.components as JsonObject).schemas as JsonObject;
    // Inline one schema where it is referenced, reorder keys, reword a description.
    const categoria = schemas.Categoria as JsonObject;
    const op = ((after.paths as JsonObject)['/categorias/{id}'] as JsonObject).get as JsonObject;
    const ok = (op.responses as JsonObject)['200'] as JsonObject;
    ok.content = { 'application/json': { schema: Object.fromEntries(Object.entries(categoria).reverse()) } };
    categoria.description = 'Reworded.';
    expect(changesBetween(before, after)).toEqual([]);
  });

  it('fails when a response field, a status, a parameter or a constraint is dropped or changed', () => {
    const planted = (change: (doc: JsonObject) => void) => {
      const after = now();
      change(after);
      return changesBetween(now(), after);
    };
    const schemas = (doc: JsonObject) => (doc.components as JsonObject).schemas as JsonObject;
    const props = (doc: JsonObject, name: string) => (schemas(doc)[name] as JsonObject).properties as JsonObject;
    const ops = (doc: JsonObject, path: string) => (doc.paths as JsonObject)[path] as JsonObject;

    expect(planted((doc) => delete props(doc, 'Categoria').descricao).join('\n')).toMatch(/descricao: dropped/);
    expect(planted((doc) => delete ((ops(doc, '/produtos').get as JsonObject).responses as JsonObject)['200']).join('\n')).toMatch(/GET \/produtos\/responses\/200: dropped/);
    expect(planted((doc) => delete ops(doc, '/categorias').post).join('\n')).toMatch(/POST \/categorias: dropped/);
    expect(planted((doc) => ((props(doc, 'Categoria').id as JsonObject).type = 'string')).join('\n')).toMatch(/id\/type/);
    expect(planted((doc) => ((props(doc, 'Importacao').estado as JsonObject).enum = ['importando', 'concluida', 'desfazendo'])).join('\n')).toMatch(/estado\/enum: "desfeita" dropped/);
    expect(planted((doc) => ((ops(doc, '/produtos/pagina').get as JsonObject).parameters = [])).join('\n')).toMatch(/GET \/produtos\/pagina\/parameters\/query .*: dropped/);
    // A new required field of a request body breaks a client that does not send it.
    expect(
      planted((doc) => {
        const input = schemas(doc).CategoriaInput as JsonObject;
        (input.properties as JsonObject).cor = { type: 'string' };
        input.required = [...((input.required as Json[] | undefined) ?? []), 'cor'];
      }).length,
    ).toBeGreaterThan(0);
  });

  it('lets the wire grow: a new route, status, optional parameter, optional field, enum value or alternative', () => {
    const after = now();
    const paths = after.paths as JsonObject;
    paths['/novidades'] = { get: { operationId: 'listNovidades', responses: { '200': { description: 'ok' } } } };
    const list = (paths['/produtos'] as JsonObject).get as JsonObject;
    (list.responses as JsonObject)['418'] = { description: 'new' };
    const estado = ((((after.components as JsonObject).schemas as JsonObject).Importacao as JsonObject).properties as JsonObject).estado as JsonObject;
    estado.enum = [...((estado.enum as Json[] | undefined) ?? []), 'arquivada'];
    list.parameters = [...((list.parameters as Json[] | undefined) ?? []), { in: 'query', name: 'novo', schema: { type: 'string' } }];
    (((after.components as JsonObject).schemas as JsonObject).Categoria as JsonObject).properties = {
      ...((((after.components as JsonObject).schemas as JsonObject).Categoria as JsonObject).properties as JsonObject),
      cor: { type: 'string' },
    };
    const registroOf = (doc: JsonObject) => ((((doc.components as JsonObject).schemas as JsonObject).Restaurado as JsonObject).properties as JsonObject).registro as JsonObject;
    registroOf(after).anyOf = [...(registroOf(after).anyOf as Json[]), { type: 'object', properties: { novo: { type: 'string' } } }];
    expect(changesBetween(now(), after)).toEqual([]);
    // An alternative dropped is not growth.
    const fewer = now();
    registroOf(fewer).anyOf = (registroOf(fewer).anyOf as Json[]).slice(1);
    expect(changesBetween(now(), fewer).length).toBeGreaterThan(0);
  });
});
