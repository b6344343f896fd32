// CloudFront Function (cloudfront-js-2.0, viewer request) on the site's default behaviour.
// The app's routes (/clientes, /atualizarproduto/3, /) have no file extension in their last
// path segment: serve the SPA shell for them, or, for the routes prerendered at build time
// (web/prerender.ts: `/` and `/sobre-nos`), their own HTML. Files (/assets/index-abc.js,
// /favicon.svg) pass through untouched. `/api/*` is another behaviour and never reaches this
// function, and a distribution-wide error page is not used because it would turn API errors
// into HTML.
// Plain ES5 on purpose: the file also runs in Node's vm in the tests.
var PRERENDERED = { '/': '/prerender/inicio.html', '/sobre-nos': '/prerender/sobre-nos.html' };

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls `handler` by name
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (Object.prototype.hasOwnProperty.call(PRERENDERED, uri)) {
    request.uri = PRERENDERED[uri];
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
