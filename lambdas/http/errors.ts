/** Thrown values → replies: the one place that gives each error type its status code. */
import { MESSAGES } from '../contract/messages.ts';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnprocessableError,
  UnavailableError,
  UnsupportedMediaTypeError,
} from '../errors.ts';
import { json, type Reply } from './response.ts';

/** Seconds a throttled caller is asked to wait. */
export const RETRY_AFTER_SECONDS = 1;
/** Seconds a caller is asked to wait while a migration of stored records runs. */
export const MIGRATION_RETRY_AFTER_SECONDS = 10;

const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  // Cognito's (the users API): over the pool's request quota.
  'TooManyRequestsException',
]);

/**
 * True for DynamoDB or Cognito throttling, by the error's name (the store names a transaction
 * cancelled for throttling so: lambdas/store/write.ts decodes the cancellation reasons).
 */
export function isThrottling(err: unknown): boolean {
  return err instanceof Error && THROTTLING_ERRORS.has(err.name);
}

const STATUS_OF: readonly [abstract new (...args: never[]) => ApiError, number][] = [
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [MethodNotAllowedError, 405],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [UnprocessableError, 422],
  [UnavailableError, 503],
];

/**
 * Maps any thrown value to a reply: `{mensagem}`, plus `campo` when the error concerns one body
 * field. 5xx replies never carry the error's own text.
 */
export function errorReply(err: unknown): Reply {
  if (err instanceof ApiError) {
    const status = STATUS_OF.find(([type]) => err instanceof type)?.[1] ?? 500;
    const headers: Record<string, string> | undefined =
      err instanceof MethodNotAllowedError
        ? { allow: err.allow.join(', ') }
        : err instanceof UnavailableError
          ? { 'retry-after': String(MIGRATION_RETRY_AFTER_SECONDS) }
          : undefined;
    return json(status, { mensagem: err.mensagem, ...(err.campo ? { campo: err.campo } : {}) }, headers);
  }
  if (isThrottling(err)) {
    return json(503, { mensagem: MESSAGES.servicoIndisponivel }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  return json(500, { mensagem: MESSAGES.erroInterno });
}
