/**
 * The outbox: cognito-local's printed message boxes (as version 5.3.0 prints them through
 * pino-pretty, colours and all) parsed into messages, and the one-line notices.
 */
import { describe, expect, it } from 'vitest';
import { createMessageParser, describeMessage, type OutboxMessage } from '../../infra/local/user-pool.ts';

const ESC = '\u001b';
const box = (target: string, fields: string[]) => [
  `[1795449535751] ${ESC}[32mINFO${ESC}[39m: ${ESC}[36mbb9102e2 ${target} ╭────────────────────────────────╮`,
  '│                                │',
  '│   Confirmation Code Delivery   │',
  '│                                │',
  ...fields.map((f) => `│   ${f.padEnd(28)} │`),
  '│                                │',
  `╰────────────────────────────────╯${ESC}[39m ${ESC}[90m{"reqId":"bb9102e2","target":"${target}"}${ESC}[39m`,
];

function parseAll(lines: string[]): Omit<OutboxMessage, 'at'>[] {
  const out: Omit<OutboxMessage, 'at'>[] = [];
  const parse = createMessageParser((m) => out.push(m));
  for (const l of lines) parse(l);
  return out;
}

describe('cognito-local message boxes', () => {
  it('parses an invitation and a reset code among other log lines', () => {
    const lines = [
      `[1795449505637] ${ESC}[32mINFO${ESC}[39m: ${ESC}[36mNONE NONE Cognito Local running on http://127.0.0.1:19229${ESC}[39m`,
      ...box('AdminCreateUser', ['Username:    ana@x.com', 'Destination: ana@x.com', 'Code:        3hoIYp']),
      `[1795449535908] ${ESC}[33mWARN${ESC}[39m: ${ESC}[36m35cd94dc NONE Error handling target: InitiateAuth${ESC}[39m`,
      '    err: {',
      '      "type": "NotAuthorizedError",',
      '    }',
      ...box('ForgotPassword', ['Username:    bia@x.com', 'Destination: bia@x.com', 'Code:        012919']),
    ];
    expect(parseAll(lines)).toEqual([
      { to: 'ana@x.com', username: 'ana@x.com', kind: 'invitation', source: 'AdminCreateUser', code: '3hoIYp' },
      { to: 'bia@x.com', username: 'bia@x.com', kind: 'password-reset', source: 'ForgotPassword', code: '012919' },
    ]);
  });

  it('keeps a subject and a message of several lines (a CustomMessage trigger)', () => {
    const lines = box('AdminCreateUser', [
      'Username:      ana@x.com',
      'Destination:   ana@x.com',
      'Code:          Ab12cD',
      'Email Subject: Convite',
      'Email Message: Olá,',
      '               sua senha: Ab12cD',
    ]);
    expect(parseAll(lines)).toEqual([
      {
        to: 'ana@x.com',
        username: 'ana@x.com',
        kind: 'invitation',
        source: 'AdminCreateUser',
        code: 'Ab12cD',
        subject: 'Convite',
        message: 'Olá,\nsua senha: Ab12cD',
      },
    ]);
  });

  it('prints one line a person can act on', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(describeMessage({ at, to: 'ana@x.com', username: 'ana@x.com', kind: 'invitation', source: 'AdminCreateUser', code: '3hoIYp' })).toBe(
      'E-mail to ana@x.com (invitation, temporary password 3hoIYp)',
    );
    expect(describeMessage({ at, to: 'bia@x.com', username: 'bia@x.com', kind: 'password-reset', source: 'ForgotPassword', code: '912919' })).toBe(
      'E-mail to bia@x.com (password reset, code 912919)',
    );
  });
});
