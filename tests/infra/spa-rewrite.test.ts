/**
 * The CloudFront Function's own code (infra/cloudfront/spa-rewrite.js), run in a Node vm with
 * CloudFront's viewer-request event shape.
 */
import * as fs from 'node:fs';
import * as vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_CODE_PATH, viewerRequestCode } from '../../infra/constructs/site.ts';
import { parseSettings } from '../../infra/settings.ts';
import { MESSAGES } from '../../lambdas/contract/messages.ts';

/** The web's HOME_COOKIE (web/src/config.ts; tests/web/carteira.test.tsx holds the two equal). */
const HOME_COOKIE = 'clientela-inicio';

interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
type Handler = (event: { version: string; context: Record<string, string>; viewer: { ip: string }; request: CfRequest }) => CfRequest;

// The file declares `function handler(event)` at top level, as CloudFront expects; the vm
// context exposes it like CloudFront's runtime does (no module system, no Node globals).
const sandbox: { handler?: Handler } = {};
vm.runInNewContext(fs.readFileSync(SPA_REWRITE_CODE_PATH, 'utf8'), sandbox, { filename: 'spa-rewrite.js' });
const handler = sandbox.handler!;

const viewerRequest = (uri: string, cookies: Record<string, { value: string }> = {}): CfRequest =>
  handler({
    version: '1.0',
    context: { distributionDomainName: 'd111111abcdef8.cloudfront.net', eventType: 'viewer-request', requestId: 'r1' },
    viewer: { ip: '198.51.100.7' },
    request: {
      method: 'GET',
      uri,
      querystring: { page: { value: '2' } },
      headers: { host: { value: 'd111111abcdef8.cloudfront.net' }, accept: { value: 'text/html' } },
      cookies,
    },
  });

describe('spa-rewrite.js (CloudFront Function, viewer request)', () => {
  it('defines a handler', () => {
    expect(typeof handler).toBe('function');
  });

  it.each(['/clientes', '/categorias', '/atualizarproduto/3', '/cadastrarcategoria', '/home', '/sobre-nos/', '/clientes/', '/sobre-nos/x'])(
    'serves the app shell for the app route %s',
    (uri) => {
      expect(viewerRequest(uri).uri).toBe('/index.html');
    },
  );

  // The routes prerendered at build time get their own HTML, those paths only.
  it.each([
    ['/', '/prerender/inicio.html'],
    ['/sobre-nos', '/prerender/sobre-nos.html'],
  ])('serves %s its prerendered page %s', (uri, file) => {
    expect(viewerRequest(uri).uri).toBe(file);
  });

  it.each(['/assets/index-abc123.js', '/assets/index-Bx9_q.css', '/favicon.svg', '/index.html', '/robots.txt'])(
    'leaves the file %s untouched',
    (uri) => {
      expect(viewerRequest(uri).uri).toBe(uri);
    },
  );

  // The web's cookie (web/src/lib/inicio.ts, named in web/src/config.ts) for a browser whose last
  // session state was a visitor's: `/` only gets the home prerendered for a visitor.
  it('serves a visitor (the cookie the app sets) the home prerendered for visitors; / only', () => {
    const visitor = { [HOME_COOKIE]: { value: 'visitante' }, other: { value: '1' } };
    expect(viewerRequest('/', visitor).uri).toBe('/prerender/inicio-visitante.html');
    expect(viewerRequest('/sobre-nos', visitor).uri).toBe('/prerender/sobre-nos.html');
    expect(viewerRequest('/clientes', visitor).uri).toBe('/index.html');
    expect(viewerRequest('/', { [HOME_COOKIE]: { value: 'carteira' } }).uri).toBe('/prerender/inicio.html');
    expect(viewerRequest('/', { other: { value: 'visitante' } }).uri).toBe('/prerender/inicio.html');
  });

  it('keeps the rest of the request (method, headers, query string)', () => {
    const request = viewerRequest('/clientes');
    expect(request.method).toBe('GET');
    expect(request.headers.host).toEqual({ value: 'd111111abcdef8.cloudfront.net' });
    expect(request.querystring).toEqual({ page: { value: '2' } });
  });
});

describe('allowed networks (allowedCidrs, written in by the deployment)', () => {
  const NETWORKS = ['203.0.113.0/24', '198.51.100.7/32', '2001:db8:abcd::/48'];
  const box: { handler?: (event: unknown) => { statusCode?: number; body?: { data: string }; headers?: Record<string, { value: string }>; uri?: string } } = {};
  vm.runInNewContext(viewerRequestCode(NETWORKS), box, { filename: 'spa-rewrite.js' });
  const request = (ip: string, uri: string) =>
    box.handler!({ version: '1.0', context: {}, viewer: { ip }, request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} } });

  it.each(['203.0.113.1', '203.0.113.254', '198.51.100.7', '2001:db8:abcd::1', '2001:DB8:ABCD:12::9', '::ffff:203.0.113.5'])(
    'lets %s in (site rewritten, API untouched)',
    (ip) => {
      expect(request(ip, '/clientes').uri).toBe('/index.html');
      expect(request(ip, '/api/categorias').uri).toBe('/api/categorias');
    },
  );

  it.each(['203.0.114.1', '198.51.100.8', '2001:db8:abce::1', '10.0.0.1', '::1', 'not-an-ip', ''])('refuses %s with 403 at the edge', (ip) => {
    const site = request(ip, '/clientes');
    expect(site.statusCode).toBe(403);
    expect(site.body!.data).toBe(MESSAGES.redeNaoPermitida);
    expect(site.headers!['cache-control']!.value).toBe('no-store');
    // The API's callers get its JSON error shape.
    const api = request(ip, '/api/categorias');
    expect(api.statusCode).toBe(403);
    expect(api.headers!['content-type']!.value).toMatch(/^application\/json/);
    expect(JSON.parse(api.body!.data)).toEqual({ mensagem: MESSAGES.redeNaoPermitida });
  });

  it('stays under CloudFront Functions’ 10 KB code limit with the most networks the settings allow', () => {
    const most = Array.from({ length: 100 }, (_, i) => `2001:db8:${i.toString(16)}:ffff:ffff:ffff:ffff:ffff/128`);
    expect(parseSettings({ allowedCidrs: most }).allowedCidrs).toHaveLength(100);
    expect(() => parseSettings({ allowedCidrs: [...most, '10.0.0.0/8'] })).toThrow(/at most 100 networks/);
    expect(Buffer.byteLength(viewerRequestCode(most))).toBeLessThan(10 * 1024);
  });

  it('lets everyone in when none is set (the file as it is), and never rewrites /api/ paths', () => {
    expect(viewerRequestCode([])).toBe(fs.readFileSync(SPA_REWRITE_CODE_PATH, 'utf8'));
    expect(viewerRequest('/clientes').uri).toBe('/index.html');
    expect(viewerRequest('/api/categorias').uri).toBe('/api/categorias');
  });
});
