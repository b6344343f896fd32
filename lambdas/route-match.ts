/** Matching a request path against the route table (used by the fallback and by preflight). */
import { routes } from './routes.ts';

function matches(template: string, path: string): boolean {
  const t = template.split('/');
  const p = path.split('/');
  return t.length === p.length && t.every((seg, i) => (seg.startsWith('{') ? p[i] !== '' : seg === p[i]));
}

/** The methods the route table declares for a path (relative to the base path), in table order. */
export function methodsForPath(path: string): string[] {
  return routes.filter((r) => r.method !== 'ANY' && matches(r.path, path)).map((r) => r.method);
}

/** The path template of a route key such as `GET /categorias/{id}` (undefined for `$default`). */
export function pathOfRouteKey(routeKey: string): string | undefined {
  const space = routeKey.indexOf(' ');
  return space > 0 ? routeKey.slice(space + 1) : undefined;
}
