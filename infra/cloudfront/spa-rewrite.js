// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour, and
// on `/api/*` too when the company limits access to its networks (a behaviour takes one
// viewer-request function, so both jobs live here).
//
// 1. Networks: with `allowedCidrs` in clientela.config.json, the deployment writes them into
//    ALLOWED_NETWORKS below (IPv4 and IPv6); a viewer from elsewhere gets 403 at the edge.

// The app's routes (/clientes, /atualizarproduto/3, /) have no file extension in their last
// path segment: serve the SPA shell for them, or, for the routes prerendered at build time
// (web/prerender.ts: `/` and `/sobre-nos`), their own HTML. Files (/assets/index-abc.js,
// /favicon.svg) pass through untouched. `/api/*` is another behaviour and never reaches this
// function, and a distribution-wide error page is not used because it would turn API errors
// into HTML.
// 2. Rewrite (the site only):
// Plain ES5 on purpose: the file also runs in Node's vm in the tests.
var ALLOWED_NETWORKS = [];
var REFUSED_MESSAGE = 'Acesso permitido somente a partir da rede da empresa.';
var PRERENDERED = { '/': '/prerender/inicio.html', '/sobre-nos': '/prerender/sobre-nos.html' };
// `/` for a visitor (sign-in on, nobody signed in, as the app last saw this browser: it sets the
// cookie, web/src/lib/inicio.ts): the home prerendered with a compact sign-in invitation, so the
// hero is in the first screen. Anyone else (signed in, open mode, a first visit) gets the home
// with the dashboard's space reserved. Nothing shifts either way: the page knows it before its
// first paint, which no script could (the CSP forbids inline ones).
var HOME_COOKIE = 'clientela-inicio';
var VISITOR_HOME = '/prerender/inicio-visitante.html';

// An address as 16 bytes (IPv4 as IPv4-mapped IPv6, ::ffff:a.b.c.d), or null.
function addressBytes(text) {
  var v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    var mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255];
    for (var i = 1; i <= 4; i++) {
      var octet = Number(v4[i]);
      if (octet > 255) return null;
      mapped.push(octet);
    }
    return mapped;
  }
  var halves = text.toLowerCase().split('::');
  if (halves.length > 2) return null;
  var groups = [];
  for (var h = 0; h < halves.length; h++) {
    var parts = halves[h] === '' ? [] : halves[h].split(':');
    var words = [];
    for (var p = 0; p < parts.length; p++) {
      // An IPv4 tail (::ffff:203.0.113.9) is two groups.
      var tail = p === parts.length - 1 ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(parts[p]) : null;
      if (tail) {
        words.push(Number(tail[1]) * 256 + Number(tail[2]), Number(tail[3]) * 256 + Number(tail[4]));
      } else if (/^[0-9a-f]{1,4}$/.test(parts[p])) {
        words.push(parseInt(parts[p], 16));
      } else {
        return null;
      }
    }
    groups.push(words);
  }
  var all = groups[0];
  if (groups.length === 2) {
    var missing = 8 - groups[0].length - groups[1].length;
    if (missing < 1) return null;
    for (var m = 0; m < missing; m++) all.push(0);
    all = all.concat(groups[1]);
  }
  if (all.length !== 8) return null;
  var bytes = [];
  for (var w = 0; w < 8; w++) bytes.push(all[w] >> 8, all[w] & 255);
  return bytes;
}

// Whether the address is inside `network` ("203.0.113.0/24", "2001:db8::/32").
function inNetwork(address, network) {
  var slash = network.indexOf('/');
  var base = addressBytes(network.substring(0, slash));
  var bits = Number(network.substring(slash + 1));
  if (!address || !base) return false;
  if (network.indexOf(':') === -1) bits += 96;
  for (var i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    var mask = bits >= 8 ? 255 : (255 << (8 - bits)) & 255;
    if ((address[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

function allowed(viewer) {
  // Without networks the viewer is not read (a test may hand an event without one).
  if (ALLOWED_NETWORKS.length === 0) return true;
  var address = addressBytes(viewer.ip);
  for (var i = 0; i < ALLOWED_NETWORKS.length; i++) {
    if (inNetwork(address, ALLOWED_NETWORKS[i])) return true;
  }
  return false;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls `handler` by name
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var api = uri === '/api' || uri.indexOf('/api/') === 0;
  if (!allowed(event.viewer)) {
    return {
      statusCode: 403,
      statusDescription: 'Forbidden',
      headers: {
        'content-type': { value: api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8' },
        'cache-control': { value: 'no-store' },
      },
      body: { encoding: 'text', data: api ? JSON.stringify({ mensagem: REFUSED_MESSAGE }) : REFUSED_MESSAGE },
    };
  }
  // The API's paths are never rewritten.
  if (api) return request;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  var cookie = request.cookies && request.cookies[HOME_COOKIE];
  if (uri === '/' && cookie && cookie.value === 'visitante') {
    request.uri = VISITOR_HOME;
  } else if (Object.prototype.hasOwnProperty.call(PRERENDERED, uri)) {
    request.uri = PRERENDERED[uri];
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
