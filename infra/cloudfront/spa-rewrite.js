// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour.
// The app's routes (/clientes, /atualizarproduto/3, /) have no file extension in their last
// path segment: serve the SPA shell for them, or, for the routes prerendered at build time
// (web/prerender.ts: `/` and `/sobre-nos`), their own HTML. Files (/assets/index-abc.js,
// /favicon.svg) pass through untouched. `/api/*` is another behaviour and never reaches this
// function, and a distribution-wide error page is not used because it would turn API errors
// into HTML.
// Plain ES5 on purpose: the file also runs in Node's vm in the tests.
var PRERENDERED = { '/': '/prerender/inicio.html', '/sobre-nos': '/prerender/sobre-nos.html' };
// `/` for a visitor (sign-in on, nobody signed in, as the app last saw this browser: it sets the
// cookie, web/src/lib/inicio.ts): the home prerendered with a compact sign-in invitation, so the
// hero is in the first screen. Anyone else (signed in, open mode, a first visit) gets the home
// with the dashboard's space reserved. Nothing shifts either way: the page knows it before its
// first paint, which no script could (the CSP forbids inline ones).
var HOME_COOKIE = 'clientela-inicio';
var VISITOR_HOME = '/prerender/inicio-visitante.html';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls `handler` by name
function handler(event) {
  var request = event.request;
  var uri = request.uri;
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
