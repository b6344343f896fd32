/**
 * The published OpenAPI description: its paths and methods are exactly the route table's, it is
 * structurally valid OpenAPI 3.1 with every schema compiling under ajv 2020, the committed
 * docs/openapi.json is what the script generates, and its request schemas agree with zod.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, type JsonSchema } from '../../lambdas/openapi/document.ts';
import { DECIMAL_STRING_PATTERN, LIMITS } from '../../lambdas/contract/limits.ts';
import {
  categoriaInputSchema,
  categoriaUpdateSchema,
  clienteInputSchema,
  clienteUpdateSchema,
} from '../../lambdas/contract/schemas.ts';
import { API_BASE_PATH, routes } from '../../lambdas/routes.ts';
import { OPENAPI_FILE, renderOpenApi } from '../../tools/openapi.ts';
import { arbitraryFromSchema } from '../contract/openapi-arbitraries.ts';
import { createOpenApiValidator, deref } from '../contract/openapi-validator.ts';

const doc = buildOpenApiDocument();
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const OPERATION_FIELDS = new Set([
  'tags', 'summary', 'description', 'externalDocs', 'operationId', 'parameters', 'requestBody',
  'responses', 'callbacks', 'deprecated', 'security', 'servers',
]);

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

/** Every value under `node`, depth first, with its JSON pointer. */
function* walk(node: unknown, pointer = '#'): Generator<[string, unknown]> {
  yield [pointer, node];
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${k}`);
  }
}

describe('OpenAPI document', () => {
  it('has exactly the route table rows (minus the $default catch-all) as paths and methods', () => {
    const documented = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const table = routes.filter((r) => r.routeKey !== '$default').map((r) => r.routeKey).sort();
    expect(documented).toEqual(table);
    expect(table).toHaveLength(42);
    expect(Object.keys(doc.paths).some((p) => p.includes('proxy'))).toBe(false);
  });

  it('is OpenAPI 3.1 with the base path in the server url, not in the paths', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTypeOf('string');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.servers.map((s) => s.url)).toEqual([API_BASE_PATH]);
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\/[a-z]/);
      expect(path.startsWith(API_BASE_PATH)).toBe(false);
    }
  });

  it('has well-formed operations: unique operationIds, known fields, declared path parameters', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      expect(HTTP_METHODS).toContain(method);
      expect(ids.has(op.operationId)).toBe(false);
      ids.add(op.operationId);
      for (const key of Object.keys(op)) expect(OPERATION_FIELDS.has(key) || key.startsWith('x-'), key).toBe(true);
      const params = (op.parameters ?? []).map((p) => deref<JsonSchema>(doc, p));
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const inPath = params.filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name).sort()).toEqual(templated.sort());
      for (const p of inPath) expect(p.required).toBe(true);
      for (const p of params) {
        expect(['path', 'query', 'header', 'cookie']).toContain(p.in);
        expect(p.schema).toBeTypeOf('object');
      }
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(deref<JsonSchema>(doc, response).description).toBeTypeOf('string');
      }
    }
  });

  it('resolves every $ref', () => {
    const refs = [...walk(doc)].filter(([p]) => p.endsWith('/$ref')).map(([, v]) => v);
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) expect(() => deref(doc, { $ref: r })).not.toThrow();
  });

  it('compiles every schema with ajv 2020 in strict mode', () => {
    const v = createOpenApiValidator(doc);
    const schemas: JsonSchema[] = [
      ...Object.values(doc.components.schemas),
      ...Object.values(doc.components.parameters).map((p) => p.schema as JsonSchema),
      ...Object.values(doc.components.headers).map((h) => h.schema as JsonSchema),
    ];
    for (const { op } of operations()) {
      const body = op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined;
      if (body) schemas.push(body.content['application/json']!.schema);
      for (const r of Object.values(op.responses)) {
        const content = deref<{ content?: Record<string, { schema: JsonSchema }> }>(doc, r).content;
        if (content) schemas.push(content['application/json']!.schema);
      }
    }
    expect(schemas.length).toBeGreaterThan(30);
    for (const s of schemas) expect(() => v.compile(s)).not.toThrow();
  });

  it('closes every response object schema (additionalProperties: false)', () => {
    const responseSchemas = ['Categoria', 'CategoriaRef', 'Produto', 'Usuario', 'Erro', 'ErroGateway'];
    for (const name of responseSchemas) {
      expect(doc.components.schemas[name]!.additionalProperties, name).toBe(false);
    }
    // Every object schema reachable from a response is one of them.
    const v = createOpenApiValidator(doc);
    const extra = { id: 1, descricao: 'a', versao: 1, pk: 'CATEGORIA' };
    expect(v.checkResponse('GET', '/categorias/{id}', 200, extra)).not.toEqual([]);
    expect(v.checkResponse('GET', '/categorias/{id}', 200, { id: 1, descricao: 'a', versao: 1 })).toEqual([]);
    expect(v.checkResponse('GET', '/produtos', 200, [{
      id: 2, nome: 'n', segmento: '', pontoFocal: '', valorContrato: 1.15, categoria: { id: 1, descricao: 'a' }, versao: 3,
    }])).toEqual([]);
    expect(v.checkResponse('GET', '/produtos/{id}', 200, {
      id: 2, nome: 'n', segmento: '', pontoFocal: '', valorContrato: 1, categoria: { id: 1, descricao: 'a', produtos: 0 }, versao: 1,
    })).not.toEqual([]);
  });

  it('documents the error body: mensagem, and campo for a field', () => {
    expect(doc.components.schemas.Erro).toMatchObject({
      required: ['mensagem'],
      properties: { mensagem: { type: 'string' }, campo: { type: 'string' } },
      additionalProperties: false,
    });
    for (const { op } of operations()) expect(op.responses).toHaveProperty('403');
  });

  it('documents sign-in: a bearer access token on every operation, 401 in both shapes', () => {
    expect(doc.security).toEqual([{ cognito: [] }]);
    expect(doc.components.securitySchemes.cognito).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const v = createOpenApiValidator(doc);
    for (const { method, path, op } of operations()) {
      expect(op.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
      // API Gateway's own body, and the API's when it refuses an ID token.
      expect(v.checkResponse(method, path, 401, { message: 'Unauthorized' })).toEqual([]);
      expect(v.checkResponse(method, path, 401, { mensagem: 'Sua sessão não é válida. Entre novamente.' })).toEqual([]);
      expect(v.checkResponse(method, path, 401, { error: 'x' })).not.toEqual([]);
    }
    expect(doc.info.description).not.toMatch(/No authentication/);
  });

  it('documents the users API: Usuario, the bodies, the {email} parameter, 204 for a resend and a reset', () => {
    const v = createOpenApiValidator(doc);
    const usuario = { email: 'ana@empresa.com.br', status: 'CONFIRMED', ativo: true, admin: false, criadoEm: '2026-05-01T12:00:00.000Z' };
    expect(v.checkResponse('GET', '/usuarios', 200, [usuario])).toEqual([]);
    expect(v.checkResponse('POST', '/usuarios', 201, { ...usuario, status: 'FORCE_CHANGE_PASSWORD' })).toEqual([]);
    expect(v.checkResponse('PUT', '/usuarios/{email}/admin', 200, { ...usuario, sub: 'x' })).not.toEqual([]);
    expect(v.checkResponse('PUT', '/usuarios/{email}/ativo', 200, { ...usuario, criadoEm: 'ontem' })).not.toEqual([]);
    expect(Object.keys(doc.paths['/usuarios/{email}/convite']!.post!.responses)).toContain('204');
    expect(Object.keys(doc.paths['/usuarios/{email}/senha']!.post!.responses)).toContain('204');
    expect(doc.paths['/usuarios/{email}']!.delete!.parameters).toEqual([{ $ref: '#/components/parameters/Email' }]);
    const input = v.compile(doc.components.schemas.UsuarioInput!);
    expect(input({ email: 'ana@empresa.com.br' })).toBe(true);
    expect(input({ email: 'ana@empresa.com.br', admin: true })).toBe(true);
    expect(input({ email: 'ana empresa' })).toBe(false);
    expect(input({ admin: true })).toBe(false);
    expect(v.compile(doc.components.schemas.UsuarioAtivo!)({ ativo: 'sim' })).toBe(false);
    expect(v.compile(doc.components.schemas.UsuarioAdmin!)({ admin: false })).toBe(true);
  });

  it('documents errors as {mensagem}, Retry-After on 503, Idempotency-Key on the creates, versao on PUTs', () => {
    for (const { method, path, op } of operations()) {
      for (const status of ['500', '503']) {
        const r = deref<JsonSchema>(doc, op.responses[status]);
        expect((r.content as Record<string, { schema: unknown }>)['application/json']!.schema).toEqual({
          $ref: '#/components/schemas/Erro',
        });
      }
      expect(deref<JsonSchema>(doc, op.responses['503']).headers).toHaveProperty('Retry-After');
      const headerParams = (op.parameters ?? []).map((p) => deref<JsonSchema>(doc, p)).filter((p) => p.in === 'header');
      // The records' creates (and an import's batches) are idempotent; an invitation or a resend is
      // not a create to replay, a restore is not a create, and an undo or restore step of an import
      // is idempotent by itself (a step sent again goes on with what is left).
      if (method === 'post' && !path.startsWith('/usuarios') && !path.startsWith('/lixeira') && !path.endsWith('/desfazer') && !path.endsWith('/restaurar')) {
        expect(headerParams.map((p) => p.name)).toEqual(['Idempotency-Key']);
        expect(headerParams[0]!.schema).toMatchObject({ minLength: 1, maxLength: LIMITS.idempotencyKeyMaxLength });
        expect(op.responses).toHaveProperty('422');
        expect(op.responses).toHaveProperty(path.endsWith('/lotes') ? '200' : '201');
      } else {
        expect(headerParams).toEqual([]);
      }
      if (method === 'put' && !path.startsWith('/usuarios')) {
        expect(op.description).toContain('versao');
        expect(op.responses).toHaveProperty('409');
      }
      if (method === 'delete') expect(op.responses['204']).not.toHaveProperty('content');
      if (path.includes('{id}')) expect(op.responses).toHaveProperty('400');
    }
    const byStatus: Record<string, string> = {
      '400': 'BadRequest', '404': 'NotFound', '405': 'MethodNotAllowed', '409': 'Conflict',
      '413': 'PayloadTooLarge', '415': 'UnsupportedMediaType', '422': 'UnprocessableContent',
      '500': 'InternalError', '503': 'ServiceUnavailable',
    };
    for (const [status, name] of Object.entries(byStatus)) {
      const r = doc.components.responses[name] as { content: Record<string, { schema: unknown }> };
      expect(r.content['application/json']!.schema, status).toEqual({ $ref: '#/components/schemas/Erro' });
    }
    expect(doc.components.responses.MethodNotAllowed).toHaveProperty('headers.Allow');
    expect(doc.info.description).toMatch(/404/);
    expect(doc.info.description).toMatch(/405/);
  });

  it('publishes the Idempotency-Key from the route table: optional on the creates, required on an import batch', () => {
    for (const route of routes.filter((r) => r.routeKey !== '$default')) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      const key = (op.parameters ?? []).map((p) => deref<JsonSchema>(doc, p)).find((p) => p.name === 'Idempotency-Key');
      expect(key?.required, route.routeKey).toBe(route.idempotencyKey && route.idempotencyKey === 'required');
    }
    // The handler answers 400 without a key there (tests/api/importacoes.test.ts), from the same row.
    expect(routes.filter((r) => r.idempotencyKey === 'required').map((r) => r.routeKey)).toEqual(['POST /importacoes/{id}/lotes']);
  });

  it('says the Idempotency-Key rule once, with the hours from LIMITS and the number of POSTs that take the key', () => {
    const keyed = routes.filter((r) => r.idempotencyKey);
    const rule = `within ${LIMITS.idempotencyTtlSeconds / 3600} hours returns the first result`;
    expect(doc.info.description).toContain(`\`Idempotency-Key\` on the ${keyed.length} POSTs that create`);
    for (const r of keyed) expect(doc.info.description).toContain(r.path);
    expect(doc.info.description).toContain(rule);
    expect(doc.info.description).not.toMatch(/both POSTs|\b24 h\b/);
    for (const name of ['IdempotencyKey', 'IdempotencyKeyRequired']) expect(doc.components.parameters[name]!.description).toContain(rule);
    // The operations point to the parameter rather than restating the rule.
    for (const { op } of operations()) expect(op.description).not.toContain(rule);
  });

  it('states the field limits exactly', () => {
    const s = doc.components.schemas;
    const props = (name: string) => s[name]!.properties as Record<string, JsonSchema>;
    expect(props('CategoriaInput').descricao).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    expect(props('ProdutoInput').nome).toMatchObject({ type: 'string', minLength: 1, maxLength: 120 });
    expect(props('ProdutoInput').segmento!.anyOf).toEqual([{ type: 'string', maxLength: 120 }, { type: 'null' }]);
    expect(props('ProdutoInput').pontoFocal!.anyOf).toEqual([{ type: 'string', maxLength: 120 }, { type: 'null' }]);
    // A number, or (the original client) a string holding a plain decimal with a dot; the same range.
    expect(props('ProdutoInput').valorContrato!.anyOf).toEqual([
      { type: 'number', minimum: 0, maximum: 1e8, multipleOf: 0.01 },
      { type: 'string', pattern: DECIMAL_STRING_PATTERN.source },
    ]);
    expect(props('ProdutoUpdate').id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(props('ProdutoUpdate').versao!.anyOf).toEqual([{ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { type: 'null' }]);
    expect(s.ProdutoUpdate!.required).toEqual(expect.arrayContaining(['id', 'nome', 'valorContrato']));
    expect(s.ProdutoUpdate!.required).not.toContain('versao');
    expect(s.CategoriaUpdate!.required).toEqual(['descricao', 'id']);
    expect(s.ProdutoInput!.required).toEqual(['nome', 'valorContrato']);
  });

  it('states the contact and contract fields (issue 17): formats, limits, kept when absent from a PUT, no observacoes in the list', () => {
    const s = doc.components.schemas;
    const props = (name: string) => s[name]!.properties as Record<string, JsonSchema & { anyOf?: JsonSchema[] }>;
    for (const body of ['ProdutoInput', 'ProdutoUpdate']) {
      expect(props(body).telefone!.anyOf).toEqual([
        { type: 'string', format: 'telefone-br', maxLength: LIMITS.telefone.maxInput },
        { type: 'string', maxLength: 0 },
        { type: 'null' },
      ]);
      expect(props(body).documento!.anyOf![0]).toMatchObject({ format: 'cpf-cnpj' });
      expect(props(body).email!.anyOf![0]).toMatchObject({ format: 'idn-email', maxLength: LIMITS.email.max });
      expect(props(body).observacoes!.anyOf![0]).toEqual({ type: 'string', maxLength: LIMITS.observacoes.max });
      expect(props(body).fimContrato!.anyOf![0]).toMatchObject({ format: 'date' });
      expect(props(body).documento!.description).toMatch(/check digits are verified/);
      expect(props(body).email!.description).toMatch(/absent from the body is kept/);
    }
    expect(s.ProdutoInput!.required).toEqual(['nome', 'valorContrato']);
    expect(doc.paths['/produtos']!.put!.description).toMatch(/absent from the body, kept; `null` or `""`, cleared/);
    // What a delete frees: a client's CNPJ/CPF, a category's name.
    expect(doc.paths['/produtos/{id}']!.delete!.description).toMatch(/CNPJ\/CPF \(`documento`\) is freed/);
    expect(doc.paths['/produtos/{id}']!.delete!.description).not.toMatch(/name/);
    expect(doc.paths['/categorias/{id}']!.delete!.description).toMatch(/unique name is freed/);
    const v = createOpenApiValidator(doc);
    const cliente = {
      id: 2, nome: 'n', segmento: '', pontoFocal: '', valorContrato: 1, categoria: null, versao: 1,
      email: 'ana@empresa.com.br', telefone: '+5511987654321', documento: '12ABC34501DE35', inicioContrato: '2026-01-01', fimContrato: '2026-12-31',
    };
    expect(v.checkResponse('GET', '/produtos/{id}', 200, { ...cliente, observacoes: 'nota' })).toEqual([]);
    expect(v.checkResponse('GET', '/produtos', 200, [cliente])).toEqual([]);
    expect(v.checkResponse('GET', '/produtos', 200, [{ ...cliente, observacoes: 'nota' }])).not.toEqual([]);
    expect(v.checkResponse('GET', '/produtos/{id}', 200, { ...cliente, telefone: '(11) 98765-4321' })).not.toEqual([]);
    expect(v.checkResponse('GET', '/produtos/{id}', 200, { ...cliente, documento: '12.345.678/0001-95' })).not.toEqual([]);
    // The users API's e-mail keeps its own description.
    expect(props('UsuarioInput').email!.description).toMatch(/sign in/);
  });

  it('is committed as docs/openapi.json exactly as `npm run openapi` writes it', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});

describe('OpenAPI request schemas agree with the server validation (zod)', () => {
  const cases = [
    ['CategoriaInput', categoriaInputSchema],
    ['CategoriaUpdate', categoriaUpdateSchema],
    ['ProdutoInput', clienteInputSchema],
    ['ProdutoUpdate', clienteUpdateSchema],
  ] as const;
  const v = createOpenApiValidator(doc);
  for (const [name, zodSchema] of cases) {
    it(`${name}: every body the document allows is accepted by the server`, () => {
      const schema = doc.components.schemas[name]!;
      const validate = v.compile(schema);
      fc.assert(
        fc.property(arbitraryFromSchema(doc, schema), (body) => {
          expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
          const parsed = zodSchema.safeParse(body);
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }
});
