/** What the users API's handlers share: the `{email}` path parameter. */
import { parseEmail } from '../../contract/schemas.ts';
import { validOr400, type HttpEvent } from '../../http/index.ts';

/**
 * The `{email}` path parameter (decoded by API Gateway, as by the local gateway) as the user
 * name it names: trimmed and lower-cased; 400 when it is not an e-mail.
 */
export const pathEmail = (event: HttpEvent): string => validOr400(parseEmail(event.pathParameters?.email));
