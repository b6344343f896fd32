/** A raw HTTP client for the contract tests: any method, body bytes and headers; never throws on a status. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined for an empty or non-JSON body (see `json`). */
  body: unknown;
  /** False when a non-empty body is not JSON. */
  json: boolean;
}

/**
 * Sends one request to `${baseUrl}${path}`. A body that is not a string or bytes is JSON-encoded.
 * A body goes with `content-type: application/json` unless `headers` names a content type;
 * `'content-type': null` sends no content type at all (the body goes as bytes, so fetch adds none).
 */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string | null> = {},
): Promise<RawResponse> {
  let raw: string | Uint8Array<ArrayBuffer> | undefined =
    body === undefined || typeof body === 'string'
      ? body
      : body instanceof Uint8Array
        ? new Uint8Array(body)
        : JSON.stringify(body);
  const out: Record<string, string> = {};
  let typeGiven = false;
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === 'content-type') typeGiven = true;
    if (v !== null) out[k] = v;
  }
  if (raw !== undefined && !typeGiven) out['content-type'] = 'application/json';
  if (typeof raw === 'string' && typeGiven && !Object.keys(out).some((k) => k.toLowerCase() === 'content-type')) {
    raw = new TextEncoder().encode(raw); // no content type: bytes, so fetch does not add text/plain
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers: out, ...(raw !== undefined ? { body: raw } : {}) });
  const text = await res.text();
  let parsed: unknown;
  let json = true;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      json = false;
    }
  }
  return { status: res.status, headers: res.headers, text, body: parsed, json };
}
