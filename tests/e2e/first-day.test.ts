/**
 * A company's first day in Chromium, with realistic data (a dozen categories, long Portuguese
 * names, long e-mails): the client list's chips and sort on a phone, the import preview's choices
 * and column mapping, and one loaded page resized from 320 to 1440 px with nothing overflowing
 * the viewport and no word or identifier broken inside itself.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cnpjCheckDigits, formatDocumento, type Categoria, type Cliente } from '../../lambdas/contract/index.ts';
import { createCategoria, createProduto, token } from './support/api.ts';
import { browserDate, card, describeBrowser, DESKTOP, expectPath, loaded, MOBILE, search, useBrowser, visible } from './support/harness.ts';
import { ROUTES } from './support/spec.ts';

const WIDTHS = [320, 375, 414, 768, 1440] as const;
const PHONE_414 = { width: 414, height: 896 } as const;

const CATEGORIAS = [
  'Educação',
  'Saúde e Bem-estar',
  'Alimentação e Bebidas',
  'Construção Civil',
  'Tecnologia da Informação',
  'Serviços Contábeis',
  'Transporte e Logística',
  'Comunicação e Marketing',
  'Agronegócio',
  'Consultoria Empresarial',
  'Hotelaria e Turismo',
];

/** Eight digits of a company's CNPJ from a test's token (a document is stored once). */
const companyDigits = (tok: string) => `11${[...tok].map((c) => c.charCodeAt(0) % 10).join('')}`.slice(0, 8);

/** A valid CNPJ from 12 digits. */
const cnpj = (base: string) => `${base}${cnpjCheckDigits(base)}`;

/** Eleven categories, each with a client of a long name and a long e-mail, plus one client without a category. */
async function realisticData(tok: string): Promise<{ categorias: Categoria[]; clientes: Cliente[] }> {
  // Each category with its client; the categories side by side (the API takes them in any order).
  const pairs = await Promise.all(
    CATEGORIAS.map(async (nome, i) => {
      const cat = await createCategoria(`${nome} ${tok}`);
      const cliente = await createProduto({
        nome: `Sociedade Educacional e Assistencial Nossa Senhora Aparecida ${i} ${tok}`,
        segmento: 'Administração de empreendimentos imobiliários',
        pontoFocal: 'Maria Aparecida dos Santos Figueiredo',
        valorContrato: 1_000 + i * 7_350.45,
        categoria: cat,
        contato: {
          email: `administrativo.financeiro.${i}.${tok}@associacaocomercialdesaopaulo.com.br`,
          telefone: '(11) 97654-3210',
          documento: cnpj(`${companyDigits(tok)}${String(i + 1).padStart(4, '0')}`),
          // One contract ends within the month: the renewals list it.
          fimContrato: i === 0 ? browserDate(12) : '2027-06-30',
          observacoes: 'Reunião trimestral com a diretoria financeira; enviar o relatório de uso antes.',
        },
      });
      return [cat, cliente] as const;
    }),
  );
  const categorias = pairs.map(([cat]) => cat);
  const clientes = pairs.map(([, cliente]) => cliente);
  clientes.push(
    await createProduto({ nome: `Instituto Paulista de Desenvolvimento Sustentável ${tok}`, valorContrato: 15_000.5, categoria: null, contato: { email: `contato.${tok}@institutopaulistadesenvolvimento.org.br` } }),
  );
  return { categorias, clientes };
}

/**
 * What breaks the layout at the current width: elements sticking out of the viewport (unless a
 * scroll container clips them), and words (runs without spaces) laid out over more than one line.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' && s.overflowX !== 'clip') return true;
        if (s.overflowX === 'clip' || s.overflow === 'hidden') return true;
      }
      return false;
    };
    const hidden = (el: Element): boolean => {
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const r = a.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
        if (getComputedStyle(a).visibility === 'hidden') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if ((r.right > width + 1 || r.left < -1) && !clipped(el) && !hidden(el)) faults.push(`<${el.tagName.toLowerCase()} class="${el.className}"> spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('select, script, style, svg, [hidden]') || hidden(parent)) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top / 4)));
        // A hyphen or slash is a place a line may end ("Bem-|estar" is not a broken word).
        if (tops.size > 1 && !/[-/–]/.test(m[0])) faults.push(`the word "${m[0]}" is broken over ${tops.size} lines`);
      }
    }
    return faults;
  });
}

/** Lays the page out again at `width` and waits for the frame. */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describeBrowser('a first day with real data', () => {
  const { open } = useBrowser();

  it('/clientes resized from 320 to 1440 px: nothing overflows, no word or identifier breaks; on phones the chips share one block under the sort', async () => {
    const { page } = await open({ viewport: MOBILE });
    const tok = token();
    await realisticData(tok);
    await page.goto(ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    await expect.poll(() => card(page, tok).count()).toBe(CATEGORIAS.length + 1);
    for (const width of WIDTHS) {
      await resize(page, width);
      await page.screenshot({ path: `/tmp/first-day-clientes-${width}.png`, fullPage: false });
      expect(await layoutFaults(page), `at ${width} px`).toEqual([]);
      const sort = (await page.getByLabel('Ordenar por').boundingBox())!;
      const chips = (await page.getByRole('group', { name: /categoria/i }).boundingBox())!;
      // The sort stays at the top of the tools (its label level with or above the chips); on a
      // phone the chips get a block of the page's width under it, never a narrow column beside it.
      expect(sort.y - 40, `at ${width} px`).toBeLessThanOrEqual(chips.y + 1);
      expect(chips.width, `at ${width} px`).toBeGreaterThan(width < 600 ? width - 80 : 320);
    }
  });

  it('every other page with that data, resized from 320 to 1440 px: nothing overflows, no word or identifier breaks', async () => {
    const { page } = await open({ viewport: MOBILE });
    const tok = token();
    const { categorias, clientes } = await realisticData(tok);
    const cliente = clientes[0]!;
    const pages = [
      '/',
      ROUTES.categorias,
      `/clientes/${cliente.id}`,
      ROUTES.atualizarCliente(cliente.id),
      ROUTES.deletarCliente(cliente.id),
      ROUTES.cadastrarCliente,
      ROUTES.atualizarCategoria(categorias[4]!.id),
      // A category with a client: the page says so up front, with a link to them.
      ROUTES.deletarCategoria(categorias[4]!.id),
      '/contratos-a-renovar',
    ];
    for (const path of pages) {
      await resize(page, MOBILE.width);
      await page.goto(path);
      await loaded(page);
      await page.waitForLoadState('networkidle');
      for (const width of WIDTHS) {
        await resize(page, width);
        expect(await layoutFaults(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('a refused form at $viewport.width px, sent from its bottom: the first invalid field in full view below the navbar, with its message', async ({ viewport }) => {
    const { page } = await open({ viewport });
    await page.goto(ROUTES.cadastrarCliente);
    await loaded(page);
    await page.getByLabel('Nome', { exact: true }).fill(`Padaria Pão de Açúcar ${token()}`);
    await page.getByLabel('Segmento', { exact: true }).fill('Alimentação');
    await page.getByLabel('Ponto focal', { exact: true }).fill('Maria');
    await page.getByLabel('Valor do contrato', { exact: true }).fill('15.000,50');
    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill('maria@');
    const send = page.getByRole('button', { name: 'Cadastrar', exact: true });
    await send.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await send.click();
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    // Where it ends up once the scroll settles.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { field, navBottom, height } = await email.evaluate((el) => {
      let nav: Element | null = document.querySelector('nav');
      while (nav && !['fixed', 'sticky'].includes(getComputedStyle(nav).position)) nav = nav.parentElement;
      const r = (el.closest('.field') ?? el).getBoundingClientRect();
      return { field: { top: r.top, bottom: r.bottom }, navBottom: nav ? nav.getBoundingClientRect().bottom : 0, height: window.innerHeight };
    });
    expect(field.top).toBeGreaterThanOrEqual(navBottom);
    expect(field.bottom).toBeLessThanOrEqual(height);
    // Its message is inside that box.
    await visible(page.locator('.field', { has: email }).locator('.field-error'));
  });

  it.each([{ viewport: MOBILE }, { viewport: PHONE_414 }, { viewport: DESKTOP }])('the import preview at $viewport.width px: small boxes beside their labels, the mapping inside the screen', async ({ viewport }) => {
    const { page } = await open({ viewport });
    const tok = token();
    await createProduto({ nome: `Escola Técnica ${tok}` });
    const csv = [
      'Nome;Segmento;Ponto focal;Valor do contrato;Categoria;E-mail;Telefone;CNPJ/CPF;Fim do contrato',
      `Escola Técnica ${tok};Educação;Ana;1.500,00;Turismo Receptivo ${tok};secretaria.academica@escolatecnicaestadual.sp.gov.br;11976543210;51525354000190;30/06/2027`,
      `Pousada Mar Azul ${tok};Turismo;Bia;-200,00;Turismo Receptivo ${tok};;;;`,
      `Agência Sol ${tok};Turismo;Caio;2000;Turismo Receptivo ${tok};;;;`,
    ].join('\r\n');
    await page.goto('/clientes/importar');
    await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const header = page.getByLabel('A primeira linha é o cabeçalho');
    await visible(header);
    const box = (await header.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(24);
    expect(box.height).toBeLessThanOrEqual(24);
    // Each radio is on the line of its own label.
    for (const name of ['Criar essas categorias', 'Importar esses clientes sem categoria', 'Pular esses clientes', 'Importar mesmo assim']) {
      const radio = page.getByRole('radio', { name });
      const r = (await radio.boundingBox())!;
      const text = (await page.locator('label.choice', { hasText: name }).locator('span').boundingBox())!;
      expect(r.width, name).toBeLessThanOrEqual(24);
      expect(r.y + r.height / 2, name).toBeGreaterThan(text.y);
      expect(r.y + r.height / 2, name).toBeLessThan(text.y + Math.min(text.height, 30));
      expect(r.x, name).toBeLessThan(text.x);
    }
    // The mapping fits: every field's select is inside the viewport.
    for (const select of await page.getByRole('combobox', { name: /^Campo da coluna/ }).all()) {
      const s = (await select.boundingBox())!;
      expect(s.x + s.width).toBeLessThanOrEqual(viewport.width);
    }
    await visible(page.getByTestId('import-counts'));
    expect(await layoutFaults(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/first-day-import-${viewport.width}.png`, fullPage: true });
  });

  it.each([{ viewport: MOBILE }, { viewport: DESKTOP }])('the client page at $viewport.width px: the whole record read-only, reached from the card, with its history, Editar and Deletar', async ({ viewport }) => {
    const { page } = await open({ viewport });
    const tok = token();
    const cat = await createCategoria(`Tecnologia da Informação ${tok}`);
    const nome = `Sociedade Educacional Nossa Senhora Aparecida ${tok}`;
    const email = `administrativo.financeiro.${tok}@associacaocomercialdesaopaulo.com.br`;
    const base = String(Math.floor(Math.random() * 1e12)).padStart(12, '1');
    const c = await createProduto({
      nome,
      valorContrato: 15_000.5,
      categoria: cat,
      contato: { email, telefone: '11976543210', documento: cnpj(base), inicioContrato: '2025-07-01', fimContrato: '2027-06-30', observacoes: 'Liga às 9h.\nPrefere e-mail.' },
    });
    // A second client of the same search: the list the delete returns to still shows it.
    const other = await createProduto({ nome: `Outro cliente ${tok}` });
    await page.goto(ROUTES.clientes);
    await loaded(page);
    await search(page, tok);
    await card(page, tok).getByRole('link', { name: nome, exact: true }).click();
    await expectPath(page, `/clientes/${c.id}`);
    await visible(page.getByRole('heading', { level: 1, name: nome }));
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: `Enviar e-mail para ${email}` }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(await main.getByRole('link', { name: 'Ligar para (11) 97654-3210' }).getAttribute('href')).toBe('tel:+5511976543210');
    await visible(main.getByText(formatDocumento(cnpj(base))));
    await visible(main.getByText('R$ 15.000,50'));
    await visible(main.getByText('01/07/2025'));
    await visible(main.getByText('30/06/2027'));
    await visible(main.getByText(/^Termina em \d+ dias/));
    await visible(main.getByText('Prefere e-mail.'));
    await visible(main.getByRole('link', { name: `Ver os clientes de Tecnologia da Informação ${tok}` }));
    await visible(main.getByText(/^Criado por .+ em \d{2}\/\d{2}\/\d{4}/));
    await visible(main.getByRole('heading', { name: 'Histórico' }));
    // Read-only: no field to type in.
    expect(await main.locator('input, textarea, select').count()).toBe(0);
    expect(await layoutFaults(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/first-day-cliente-${viewport.width}.png`, fullPage: true });
    await main.getByRole('link', { name: `Editar ${nome}` }).click();
    await expectPath(page, `/atualizarproduto/${c.id}`);
    await page.goBack();
    await main.getByRole('link', { name: `Deletar ${nome}` }).click();
    await expectPath(page, `/deletarproduto/${c.id}`);
    // Meanwhile another tab creates a client of the same search: the list shows it on the return.
    const elsewhere = await createProduto({ nome: `Criado em outra aba ${tok}` });
    // Deleted: back to the list as it was (its filter); the Desfazer bar, which loads after the
    // list, never moves the cards.
    await page.getByRole('button', { name: 'Sim' }).click();
    await expectPath(page, ROUTES.clientes);
    expect(new URL(page.url()).searchParams.get('q')).toBe(tok);
    // The list as stored: read again on the return (the other tab's client is at its end).
    await visible(card(page, elsewhere.nome));
    const first = card(page, other.nome);
    await visible(first);
    const before = (await first.boundingBox())!.y;
    await visible(page.locator('.undo-bar'));
    expect((await first.boundingBox())!.y).toBe(before);
    // Digits only: the import keeps its path, anything else is not a page.
    await page.goto('/clientes/importar');
    await visible(page.getByRole('heading', { level: 1, name: 'Importar clientes' }));
    await page.goto('/clientes/abc');
    await visible(page.getByRole('heading', { level: 1, name: 'Página não encontrada' }));
  });
});
