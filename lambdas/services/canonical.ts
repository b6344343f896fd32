/**
 * JSON with object keys sorted and undefined members left out (undefined alone, or in an array,
 * is `null`): equal values give equal text whatever their key order. The history compares field
 * values with it; an idempotent create hashes its body with it (so the text must never change:
 * a stored claim's hash is compared with it for 24 hours).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
