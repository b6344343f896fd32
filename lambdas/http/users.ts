/** What the users API's handlers share: the `{email}` path parameter and the sign-in-only option. */
import { parseEmail } from '../contract/schemas.ts';
import type { HandlerOptions } from './handler.ts';
import { validOr400, type HttpEvent } from './request.ts';

/** The users routes exist only with sign-in: 404 `{"mensagem": "O login está desativado."}` in the open mode. */
export const SIGN_IN_ONLY: HandlerOptions = { signInOnly: true };

/**
 * The `{email}` path parameter (decoded by API Gateway, as by the local gateway) as the user
 * name it names: trimmed and lower-cased; 400 when it is not an e-mail.
 */
export const pathEmail = (event: HttpEvent): string => validOr400(parseEmail(event.pathParameters?.email));
