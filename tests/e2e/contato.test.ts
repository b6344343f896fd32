/**
 * The contact fields in Chromium against the production build and the real API: every contact and
 * contract field filled by typing and by pasting formatted text, stored in its normalized form;
 * the card's links and the list filter by CNPJ/CPF digits; the renewal badge near a contract's
 * end (page.clock); the "Contratos a renovar" view's order.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProduto, getProduto, listProdutos, token } from './support/api.ts';
import { card, describeBrowser, expectPath, loaded, search, toast, useBrowser, visible } from './support/harness.ts';
import { ROUTES, TEXT, TOAST } from './support/spec.ts';
import { cnpjCheckDigits, cpfCheckDigits } from '../../lambdas/contract/documento.ts';

/** The labels (copied on purpose: the tests hold the app to them). */
const L = {
  secao: 'Contato e contrato',
  email: 'E-mail',
  telefone: 'Telefone',
  documento: 'CNPJ ou CPF',
  observacoes: 'Observações',
  inicio: 'Início do contrato',
  fim: 'Fim do contrato',
  renovacoes: 'Contratos a renovar',
};

let serial = Date.now() % 1_000_000;
/** A CNPJ no other test has (the documento is unique among the clients). */
function freshCnpj(): string {
  const base = `${String(serial++).padStart(8, '0')}0001`;
  return base + cnpjCheckDigits(base);
}
/** An alphanumeric CNPJ no other test has. */
function freshCnpjAlfa(): string {
  const base = `${String(serial++).padStart(6, '0')}AB01CD`;
  return base + cnpjCheckDigits(base);
}
function freshCpf(): string {
  const base = String(100_000_000 + (serial++ % 899_999_999)).slice(0, 9);
  return base + cpfCheckDigits(base);
}
const maskCnpj = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
const maskCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** Fills the spec's two required fields. */
async function basics(page: Page, nome: string): Promise<void> {
  await page.getByLabel(TEXT.nome, { exact: true }).fill(nome);
  await page.getByLabel(TEXT.valorContrato).fill('1.500');
}

/** Saves the form and returns the stored client (read back through the API). */
async function save(page: Page, nome: string) {
  await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
  await visible(toast(page, TOAST.produtoCadastrado));
  await expectPath(page, ROUTES.clientes);
  const listed = (await listProdutos()).find((p) => p.nome === nome);
  expect(listed).toBeDefined();
  return getProduto(listed!.id);
}

describeBrowser('the client form: Contato e contrato', () => {
  const { open } = useBrowser();

  it('every field filled by typing: masked as typed, stored normalized, shown on the card and found by its digits', async () => {
    const { page } = await open();
    const nome = `Digitado ${token()}`;
    const cnpj = freshCnpj();
    await page.goto(ROUTES.cadastrarCliente);
    await visible(page.getByRole('group', { name: L.secao }));
    await basics(page, nome);
    const type = async (label: string, text: string) => {
      const field = page.getByLabel(label, { exact: true });
      await field.click();
      await page.keyboard.type(text);
      return field;
    };
    await type(L.email, 'Contato@Padaria.COM.BR');
    expect(await (await type(L.telefone, '11987654321')).inputValue()).toBe('(11) 98765-4321');
    expect(await (await type(L.documento, cnpj)).inputValue()).toBe(maskCnpj(cnpj));
    expect(await (await type(L.inicio, '01022026')).inputValue()).toBe('01/02/2026');
    expect(await (await type(L.fim, '31012027')).inputValue()).toBe('31/01/2027');
    await type(L.observacoes, 'Prefere WhatsApp.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Paga no dia 10.');
    const stored = await save(page, nome);
    expect(stored).toMatchObject({
      email: 'Contato@padaria.com.br',
      telefone: '+5511987654321',
      documento: cnpj,
      inicioContrato: '2026-02-01',
      fimContrato: '2027-01-31',
      observacoes: 'Prefere WhatsApp.\nPaga no dia 10.',
    });

    // The card: the contact as links, the CNPJ masked; the filter finds it by its digits.
    await loaded(page);
    await search(page, maskCnpj(cnpj).slice(0, 10));
    const c = card(page, nome);
    await visible(c);
    expect(await c.getByRole('link', { name: /Enviar e-mail/ }).getAttribute('href')).toBe('mailto:Contato@padaria.com.br');
    expect(await c.getByRole('link', { name: /Ligar para \(11\) 98765-4321/ }).getAttribute('href')).toBe('tel:+5511987654321');
    expect(await c.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(await c.textContent()).toContain(maskCnpj(cnpj));
    await search(page, 'contato@padaria.com');
    await visible(card(page, nome));
  });

  it('every field filled by pasting formatted text: read whole, shown its way, stored normalized', async () => {
    const { page, context } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const nome = `Colado ${token()}`;
    const cnpj = freshCnpjAlfa();
    await page.goto(ROUTES.cadastrarCliente);
    await basics(page, nome);
    const paste = async (label: string, text: string) => {
      const field = page.getByLabel(label, { exact: true });
      await field.click();
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.keyboard.press('ControlOrMeta+V');
      return field;
    };
    await paste(L.email, '  vendas+pedidos@Loja.com ');
    expect(await (await paste(L.telefone, '+55 (21) 2345-6789')).inputValue()).toBe('(21) 2345-6789');
    expect(await (await paste(L.documento, maskCnpj(cnpj).toLowerCase())).inputValue()).toBe(maskCnpj(cnpj));
    expect(await (await paste(L.inicio, '2026-03-01')).inputValue()).toBe('01/03/2026');
    expect(await (await paste(L.fim, '28.02.2027')).inputValue()).toBe('28/02/2027');
    await paste(L.observacoes, 'Linha 1\r\nLinha 2');
    const stored = await save(page, nome);
    expect(stored).toMatchObject({
      email: 'vendas+pedidos@loja.com',
      telefone: '+552123456789',
      documento: cnpj,
      inicioContrato: '2026-03-01',
      fimContrato: '2027-02-28',
      observacoes: 'Linha 1\nLinha 2',
    });
  });

  it('a CPF another client has: the 409 names that client next to the field', async () => {
    const { page, allowFailures } = await open();
    allowFailures((u) => u.pathname === '/api/produtos');
    const cpf = freshCpf();
    const dono = `Dono ${token()}`;
    await createProduto({ nome: dono, contato: { documento: cpf } });
    await page.goto(ROUTES.cadastrarCliente);
    await basics(page, `Segundo ${token()}`);
    const field = page.getByLabel(L.documento, { exact: true });
    await field.fill(maskCpf(cpf));
    await page.getByRole('button', { name: TEXT.cadastrar, exact: true }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const said = await field.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    expect(said).toContain(`O documento ${maskCpf(cpf)} já está cadastrado para o cliente “${dono}”.`);
  });
});

describeBrowser('contract renewals', () => {
  const { open } = useBrowser();

  it('the card shows "Renova em 12 dias" near the end and "Vencido" after it (page.clock)', async () => {
    const tok = token();
    const nome = `Perto do fim ${tok}`;
    await createProduto({ nome, contato: { inicioContrato: '2030-04-01', fimContrato: '2031-03-31' } });
    const { page } = await open();
    await page.clock.setFixedTime(new Date('2031-03-19T10:00:00-03:00'));
    await page.goto(ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    await visible(card(page, nome).getByText('Renova em 12 dias'));
    expect(await card(page, nome).textContent()).toContain('01/04/2030 a 31/03/2031');

    await page.clock.setFixedTime(new Date('2031-02-28T10:00:00-03:00'));
    await page.reload();
    await loaded(page);
    await search(page, tok);
    await visible(card(page, nome));
    expect(await card(page, nome).getByText(/Renova|Vencido/).count()).toBe(0);

    await page.clock.setFixedTime(new Date('2031-04-01T10:00:00-03:00'));
    await page.reload();
    await loaded(page);
    await search(page, tok);
    await visible(card(page, nome).getByText('Vencido', { exact: true }));
  });

  it('"Contratos a renovar", from the menu: the contracts ending in the next 30/60/90 days, soonest first', async () => {
    const tok = token();
    const ends: [string, string][] = [
      [`Em 45 dias ${tok}`, '2032-07-16'],
      [`Em 5 dias ${tok}`, '2032-06-06'],
      [`Em 80 dias ${tok}`, '2032-08-20'],
      [`Hoje ${tok}`, '2032-06-01'],
      [`Em 20 dias ${tok}`, '2032-06-21'],
      [`Ontem ${tok}`, '2032-05-31'],
    ];
    for (const [nome, fimContrato] of ends) await createProduto({ nome, contato: { fimContrato } });
    const { page } = await open();
    await page.clock.setFixedTime(new Date('2032-06-01T09:00:00-03:00'));
    await page.goto(ROUTES.home);
    await page.getByRole('navigation').first().getByRole('link', { name: L.renovacoes, exact: true }).click();
    await expectPath(page, '/contratos-a-renovar');
    await visible(page.getByRole('heading', { level: 1, name: L.renovacoes }));
    const names = () => page.locator('main article h2').filter({ hasText: tok }).allTextContents();
    // A contract that ended yesterday is still to renew: listed first, saying since when.
    await expect.poll(names).toEqual([`Ontem ${tok}`, `Hoje ${tok}`, `Em 5 dias ${tok}`, `Em 20 dias ${tok}`]);
    await page.getByRole('radio', { name: '60 dias' }).check();
    await expect.poll(names).toEqual([`Ontem ${tok}`, `Hoje ${tok}`, `Em 5 dias ${tok}`, `Em 20 dias ${tok}`, `Em 45 dias ${tok}`]);
    expect(new URL(page.url()).search).toBe('?dias=60');
    await page.getByRole('radio', { name: '90 dias' }).check();
    await expect.poll(names).toEqual([`Ontem ${tok}`, `Hoje ${tok}`, `Em 5 dias ${tok}`, `Em 20 dias ${tok}`, `Em 45 dias ${tok}`, `Em 80 dias ${tok}`]);
    // The cards carry their badges: today's renews today; yesterday's ended a day ago.
    expect(await card(page, `Hoje ${tok}`).getByText('Renova hoje').count()).toBe(1);
    expect(await card(page, `Ontem ${tok}`).getByText('Vencido há 1 dia').count()).toBe(1);
  });
});
