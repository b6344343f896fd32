/**
 * Sending e-mail: through Amazon SES (v2 SendEmail) from the settings' `sesFromEmail`
 * (MAIL_FROM), or, on a laptop, into the local user pool's outbox (MAIL_OUTBOX: the same
 * `outbox.jsonl` the invitations go to, infra/local/user-pool.ts). With neither, nothing is sent.
 */
import { appendFileSync } from 'node:fs';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

/** One plain-text message. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes; `undefined` when nothing is configured (nothing is sent). */
export interface Mailer {
  /** `ses` or `outbox`, for the logs. */
  readonly via: 'ses' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** The outbox line's `source` and `kind` (infra/local/user-pool.ts OutboxMessage). */
export const OUTBOX_SOURCE = 'LembreteDiario';

let ses: SESv2Client | undefined;

/** The mailer the environment configures: MAIL_OUTBOX (local) first, else MAIL_FROM (SES), else none. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | undefined {
  const outbox = env.MAIL_OUTBOX;
  if (outbox) {
    return {
      via: 'outbox',
      send: async (m) => {
        const line = { at: new Date().toISOString(), to: m.to, username: m.to, kind: 'reminder', source: OUTBOX_SOURCE, subject: m.subject, message: m.text };
        appendFileSync(outbox, `${JSON.stringify(line)}\n`);
      },
    };
  }
  const from = env.MAIL_FROM;
  if (!from) return undefined;
  return {
    via: 'ses',
    send: async (m) => {
      ses ??= new SESv2Client({});
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [m.to] },
          Content: { Simple: { Subject: { Data: m.subject, Charset: 'UTF-8' }, Body: { Text: { Data: m.text, Charset: 'UTF-8' } } } },
        }),
      );
    },
  };
}
