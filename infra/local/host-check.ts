/**
 * The local server answers only requests addressed to it by a loopback name: a `Host` of
 * `localhost`, `127.0.0.1` or `[::1]` (or the `HOST` it was started with), each with the port it
 * listens on. Anything else is 403 before any route, `/config.json` included: a page on another
 * site that resolves its own name to 127.0.0.1 (DNS rebinding) must not read the local
 * administrator's password or call the API as the person at the laptop. It runs before Vite's
 * own checks, which do not cover middleware mounted ahead of them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host names accepted besides the loopback ones: `HOST` (an IPv6 address in brackets). */
function extraNames(host: string | undefined): string[] {
  const h = host?.trim().toLowerCase();
  if (!h || h === '0.0.0.0' || h === '::') return [];
  return [h.includes(':') && !h.startsWith('[') ? `[${h}]` : h];
}

/** True when `hostHeader` names this server: an accepted name with the port it listens on. */
export function isAllowedHost(hostHeader: string | undefined, port: number | undefined, host = process.env.HOST): boolean {
  if (!hostHeader || port === undefined) return false;
  const names = [...LOOPBACK_NAMES, ...extraNames(host)];
  const value = hostHeader.trim().toLowerCase();
  return names.some((name) => value === `${name}:${port}` || (port === 80 && value === name));
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The middleware: 403 `{"message":"Forbidden"}` for any other `Host`. */
export function createHostCheck(host = process.env.HOST): Middleware {
  return (req, res, next) => {
    if (isAllowedHost(req.headers.host, req.socket.localPort, host)) return next();
    res.statusCode = 403;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end('{"message":"Forbidden"}');
  };
}

/** True for a listening address that only this machine reaches. */
export function isLoopback(host: string | undefined): boolean {
  const h = (host ?? '').trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\./.test(h);
}
