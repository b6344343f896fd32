/**
 * The morning e-mail job (lambdas/handlers/jobs/email-diario.ts) against cognito-local and
 * DynamoDB Local, writing to the local outbox as the invitations do: who gets it (enabled people
 * with overdue or today's pending tarefas who did not turn it off), today counted in the
 * company's zone (a tarefa at 23:30 in São Paulo is that day's, whatever UTC says), once a day,
 * and nothing in the open mode or without a sender. The clock is faked (Date only). The tarefas
 * are real: made by each person through POST /api/tarefas, read from the agenda index.
 */
import { AdminCreateUserCommand, AdminDisableUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler } from '../../lambdas/handlers/jobs/email-diario.ts';
import { emailDiario, enviarEmailsDiarios } from '../../lambdas/services/lembretes.ts';
import type { TarefaAgenda } from '../../lambdas/services/agenda-pessoal.ts';
import type { Cliente } from '../../lambdas/contract/types.ts';
import * as preferencias from '../../lambdas/store/lembretes.ts';
import { readOutbox, startLocalCognito, type LocalIdentity, type OutboxMessage } from '../../infra/local/user-pool.ts';
import { adminClient, signIn } from '../support/cognito.ts';
import { loadHandlerInTestGraph } from '../support/handlers.ts';
import { call, startApi, type TestApi } from './helpers.ts';

let identity: LocalIdentity;
let api: TestApi;

const ANA = 'ana@empresa.com.br';
const BRUNO = 'bruno@empresa.com.br';
const CARLA = 'carla@empresa.com.br';
const DANI = 'dani@empresa.com.br';

const t = (id: number, quando: string, nome: string, tipo = 'ligacao'): TarefaAgenda => ({ id, tipo, quando, cliente: { id: id * 10, nome } });
/** Everyone's pending tarefas (made through the API in beforeAll). */
const pending: Record<string, TarefaAgenda[]> = {
  [ANA]: [
    t(1, '2026-11-25T13:00:00.000Z', 'Atrasada Ltda'),
    // 08:00 in São Paulo today.
    t(2, '2026-11-27T11:00:00.000Z', 'Manhã S.A.', 'reuniao'),
    // 23:30 in São Paulo on the 27th: still today there, the 28th in UTC.
    t(3, '2026-11-28T02:30:00.000Z', 'Noite Comércio', 'whatsapp'),
    // 00:30 on the 28th in São Paulo: tomorrow.
    t(4, '2026-11-28T03:30:00.000Z', 'Amanhã Serviços'),
  ],
  // Only tomorrow's: no e-mail.
  [BRUNO]: [t(5, '2026-11-28T12:00:00.000Z', 'Depois')],
  // Turned it off.
  [CARLA]: [t(6, '2026-11-27T15:00:00.000Z', 'Carla Cliente')],
  // Disabled in the pool.
  [DANI]: [t(7, '2026-11-27T15:00:00.000Z', 'Dani Cliente')],
};
const PASSWORD = 'Senha-Forte-2026!';

/** Makes the person's clients and pending tarefas through the API, with their own token. */
async function seed(email: string): Promise<void> {
  const { AccessToken } = await signIn(`${new URL(api.baseUrl).origin}/cognito/`, identity.clientId, email, PASSWORD);
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await call<T>(api, 'POST', path, body, { authorization: `Bearer ${AccessToken}` });
    expect(res.status, `POST ${path}: ${res.text}`).toBe(201);
    return res.body;
  };
  for (const x of pending[email]!) {
    const cliente = await post<Cliente>('/produtos', { nome: x.cliente.nome, valorContrato: 100, categoria: null });
    await post('/tarefas', { cliente: cliente.id, tipo: x.tipo, descricao: 'Acompanhar', quando: x.quando, responsavel: email });
  }
  // A done one is never listed.
  const feito = await post<Cliente>('/produtos', { nome: `Feito ${email}`, valorContrato: 100, categoria: null });
  await post('/tarefas', { cliente: feito.id, tipo: 'email', descricao: 'Enviado', quando: '2026-11-26T12:00:00.000Z', responsavel: email, concluida: true });
}

/** 07:30 in São Paulo on 27/11/2026. */
const MORNING = new Date('2026-11-27T10:30:00.000Z');

const reminders = (): OutboxMessage[] => readOutbox(identity.dir).filter((m) => m.kind === 'reminder');

beforeAll(async () => {
  identity = await startLocalCognito({ dataDir: 'memory', log: () => undefined });
  api = await startApi({ identity, loadHandler: loadHandlerInTestGraph, env: { TIME_ZONE: 'America/Sao_Paulo', SITE_URL: 'https://clientes.example.com.br/' } });
  const cognito = adminClient(identity);
  for (const email of [ANA, BRUNO, CARLA, DANI]) {
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: identity.userPoolId, Username: email, MessageAction: 'SUPPRESS' }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
    await seed(email);
  }
  await cognito.send(new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: DANI }));
  await preferencias.setEmailDiario(CARLA, false);
}, 180_000);
afterEach(() => void vi.useRealTimers());
afterAll(async () => {
  await api?.close();
  await identity?.stop();
});

describe('the morning e-mail', () => {
  it('at 07:30 in São Paulo e-mails Ana her overdue and today’s tarefas (23:30 there included, 00:30 tomorrow not), and nobody else', async () => {
    vi.useFakeTimers({ now: MORNING, toFake: ['Date'] });
    const result = await handler(undefined, { getRemainingTimeInMillis: () => 10 * 60_000 });
    expect(result).toMatchObject({ day: '2026-11-27', sent: 1, optedOut: 1, failed: 0, pending: 0 });
    // The seeded administrator and the four people, minus the disabled one.
    expect(result.people).toBe(4);

    const sent = reminders();
    expect(sent.map((m) => m.to)).toEqual([ANA]);
    const [mail] = sent;
    expect(mail).toMatchObject({ username: ANA, source: 'LembreteDiario' });
    expect(mail!.subject).toBe('Suas tarefas: 1 atrasada e 2 para hoje (27/11/2026)');
    expect(mail!.message).toBe(
      [
        'Bom dia!',
        '',
        'Atrasadas (1):',
        '- 25/11 às 10:00 · Ligação · Atrasada Ltda',
        '',
        'Hoje (2):',
        '- 08:00 · Reunião · Manhã S.A.',
        '- 23:30 · WhatsApp · Noite Comércio',
        '',
        'Abra sua agenda: https://clientes.example.com.br/agenda',
        '',
        'Para não receber mais este e-mail, desative-o em Minha conta: https://clientes.example.com.br/minha-conta',
        '',
      ].join('\n'),
    );
  });

  it('sends it once a day: a second run the same day sends nothing; the next morning Bruno’s tarefa is due and both get one', async () => {
    vi.useFakeTimers({ now: new Date(MORNING.getTime() + 3 * 3_600_000), toFake: ['Date'] });
    const again = await enviarEmailsDiarios();
    expect(again).toMatchObject({ sent: 0, already: 1 });
    expect(reminders()).toHaveLength(1);

    vi.setSystemTime(new Date(MORNING.getTime() + 24 * 3_600_000));
    const tomorrow = await enviarEmailsDiarios();
    expect(tomorrow).toMatchObject({ day: '2026-11-28', sent: 2 });
    expect(reminders().slice(1).map((m) => m.to).sort()).toEqual([ANA, BRUNO]);
    const bruno = reminders().find((m) => m.to === BRUNO)!;
    expect(bruno.subject).toBe('Suas tarefas: 1 para hoje (28/11/2026)');
  });

  it('counts days in the settings’ zone: in Manaus (UTC−4) the tarefa at 00:30 of the 28th in São Paulo is 23:30 of the 27th, today', async () => {
    const now = new Date('2026-11-27T11:30:00.000Z');
    const mail = emailDiario(pending[ANA]!, now, 'America/Manaus', 'https://clientes.example.com.br');
    expect(mail!.subject).toBe('Suas tarefas: 1 atrasada e 3 para hoje (27/11/2026)');
    expect(mail!.text).toContain('- 22:30 · WhatsApp · Noite Comércio\n- 23:30 · Ligação · Amanhã Serviços');
    // The job asks the agenda for what is due before Manaus's midnight.
    const asks: string[] = [];
    await enviarEmailsDiarios({
      now,
      env: { ...process.env, TIME_ZONE: 'America/Manaus' },
      mailer: { via: 'outbox', send: async () => undefined },
      agenda: async (_email, { ate }) => {
        asks.push(ate!.toISOString());
        return [];
      },
    });
    expect(new Set(asks)).toEqual(new Set(['2026-11-28T04:00:00.000Z']));
  });

  it('gives the day back when a send fails, and the job fails (its log and Errors say so)', async () => {
    const day = '2026-12-01';
    const now = new Date(`${day}T10:30:00.000Z`);
    const failing = { via: 'ses' as const, send: async () => Promise.reject(new Error('MessageRejected: Email address is not verified')) };
    // Ana and Bruno (his tarefa of the 28th is overdue now) both fail.
    await expect(enviarEmailsDiarios({ now, mailer: failing })).rejects.toThrow(/morning e-mail failed for 2 of 4 people/);
    expect((await preferencias.readPreferencias(ANA)).emailDiarioEm).toBeUndefined();
    const sent: string[] = [];
    expect(await enviarEmailsDiarios({ now, mailer: { via: 'outbox', send: async (m) => void sent.push(m.to) } })).toMatchObject({ sent: 2 });
    expect(sent.sort()).toEqual([ANA, BRUNO]);
  });

  it('sends nothing in the open mode or without a sender (no MAIL_FROM, no outbox)', async () => {
    const send = vi.fn();
    expect(await enviarEmailsDiarios({ env: { ...process.env, AUTH_MODE: 'off' }, mailer: { via: 'outbox', send } })).toMatchObject({ skipped: 'signInOff', sent: 0 });
    expect(await enviarEmailsDiarios({ env: { ...process.env, MAIL_OUTBOX: '', MAIL_FROM: '' } })).toMatchObject({ skipped: 'noSender', sent: 0 });
    expect(send).not.toHaveBeenCalled();
  });
});
