/**
 * Validation against the OpenAPI document with ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect),
 * shared by the document test, the real-response test and the property-based suite.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonSchema, OpenApiDocument } from '../../lambdas/openapi/document.ts';
import { readIsoDate } from '../../lambdas/contract/datas.ts';
import { readDocumento } from '../../lambdas/contract/documento.ts';
import { readEmail } from '../../lambdas/contract/email.ts';
import { hasAtMostDecimals } from '../../lambdas/contract/schemas.ts';
import { readTelefone } from '../../lambdas/contract/telefone.ts';

const SCHEMA_ID = 'https://clientela.invalid/openapi.json';

/** Rewrites `#/components/schemas/X` refs to `#/$defs/X` of one schema resource. */
function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
          ? `${SCHEMA_ID}#/$defs/${v.slice('#/components/schemas/'.length)}`
          : rewriteRefs(v),
      ]),
    ) as T;
  }
  return value;
}

/** Follows a local `$ref` (`#/components/...`) inside the document; other values pass through. */
export function deref<T = JsonSchema>(doc: OpenApiDocument, value: unknown): T {
  let current = value as { $ref?: string };
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 10 || !current.$ref.startsWith('#/')) throw new Error(`Unresolvable $ref ${current.$ref}`);
    let target: unknown = doc;
    for (const part of current.$ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) throw new Error(`Dangling $ref ${current.$ref}`);
    current = target as { $ref?: string };
  }
  return current as T;
}

export interface OpenApiValidator {
  readonly ajv: Ajv2020;
  /** Compiles (and caches) a schema taken from anywhere in the document. */
  compile(schema: JsonSchema): ValidateFunction;
  /** The response schema of an operation for a status; undefined when the doc has no body for it. */
  responseSchema(method: string, path: string, status: number): JsonSchema | undefined;
  /** Errors of a response body against the doc ([] when valid); throws when the status is undocumented. */
  checkResponse(method: string, path: string, status: number, body: unknown): string[];
}

/**
 * Builds the validator: every component schema is registered under `$defs` of one resource so
 * references resolve; strict mode stays on (an unknown keyword in the doc is an error).
 */
export function createOpenApiValidator(doc: OpenApiDocument): OpenApiValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // multipleOf 0.01 must accept 1.15 and 137498748834.33 (binary floating point): the server's
  // own decimals check instead of ajv's exact division.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: false,
    validate: (step: number, value: number) => hasAtMostDecimals(value, Math.round(-Math.log10(step))),
  });
  // The formats of the client's contact fields, read as the server reads them (the contract's readers).
  ajv.addFormat('idn-email', (v: string) => readEmail(v).ok);
  ajv.addFormat('telefone-br', (v: string) => readTelefone(v).ok);
  ajv.addFormat('cpf-cnpj', (v: string) => readDocumento(v).ok);
  ajv.addFormat('date', (v: string) => readIsoDate(v).ok);
  ajv.addSchema({ $id: SCHEMA_ID, $defs: rewriteRefs(doc.components.schemas) });
  const cache = new Map<JsonSchema, ValidateFunction>();
  const compile = (schema: JsonSchema): ValidateFunction => {
    let fn = cache.get(schema);
    if (!fn) {
      fn = ajv.compile(rewriteRefs(schema));
      cache.set(schema, fn);
    }
    return fn;
  };
  const responseSchema = (method: string, path: string, status: number): JsonSchema | undefined => {
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`No operation ${method} ${path} in the OpenAPI document`);
    const response = op.responses[String(status)];
    if (!response) throw new Error(`Status ${status} is not documented for ${method} ${path}`);
    const content = deref<{ content?: Record<string, { schema: JsonSchema }> }>(doc, response).content;
    return content?.['application/json']?.schema;
  };
  return {
    ajv,
    compile,
    responseSchema,
    checkResponse(method, path, status, body) {
      const schema = responseSchema(method, path, status);
      if (!schema) return body === undefined || body === '' ? [] : [`expected no body, got ${JSON.stringify(body)}`];
      const validate = compile(schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    },
  };
}
