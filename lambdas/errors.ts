/**
 * Typed errors the services and the request parsing throw. They carry the Portuguese message
 * for the body (and the wire path of the field it concerns, when one does); lambdas/http/errors.ts
 * maps each type to its status code in one place.
 */
/** Base of every error whose message may be shown to the caller. */
export abstract class ApiError extends Error {
  constructor(
    readonly mensagem: string,
    /** The body field the error concerns (`descricao`, `categoria.id`, …), if one. */
    readonly campo?: string,
  ) {
    super(mensagem);
    this.name = new.target.name;
  }
}

/** Bad JSON, failed validation, invalid id or key, a category that does not exist: 400. */
export class BadRequestError extends ApiError {}
/** No such record or route: 404. */
export class NotFoundError extends ApiError {}
/** A known path with another method: 405 with `Allow`. */
export class MethodNotAllowedError extends ApiError {
  constructor(mensagem: string, readonly allow: readonly string[]) {
    super(mensagem);
  }
}
/** A stale `versao`, a category in use, a conflict that outlived its retries: 409. */
export class ConflictError extends ApiError {}
/** A request body over the limit: 413. */
export class PayloadTooLargeError extends ApiError {}
/** Not ready yet (a migration of stored records is running): 503 with Retry-After. */
export class UnavailableError extends ApiError {}
/** A content type that is not JSON: 415. */
export class UnsupportedMediaTypeError extends ApiError {}
/** An idempotency key reused with another body: 422. */
export class UnprocessableError extends ApiError {}
/**
 * A request that did not come through the site's CloudFront (origin check), or a signed-in
 * person who may not do this (a member on the users API): 403.
 */
export class ForbiddenError extends ApiError {}
/** A token the HTTP layer refuses (no claims, an ID token, another pool or client): 401. */
export class UnauthorizedError extends ApiError {}
