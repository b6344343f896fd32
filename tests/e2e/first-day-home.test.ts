/**
 * The home as a company meets it on its first day, in Chromium at 375 and 1440 px against the
 * real API: no empty band between the portfolio block (an invitation, or the numbers) and the
 * hero, no card half empty or overflowing, whether the portfolio holds nothing, one category or
 * eleven with long names; and nothing shifts while the session and the numbers arrive (CLS 0).
 * The empty company is a server of its own (the suite's setup), its data this file's alone.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCategoria, createProduto, token } from './support/api.ts';
import { browserYear, describeBrowser, DESKTOP, E2E, heading, holdRequests, MOBILE, useBrowser, visible } from './support/harness.ts';
import { AUTH, member, signInOnPage } from './support/auth.ts';
import { expectNoShift, watchShifts } from './support/shifts.ts';
import { HOME_COOKIE } from '../../web/src/config.ts';

const FIRST_DAY = E2E.firstDayUrl ?? '';
const VIEWPORTS = [MOBILE, DESKTOP] as const;
/**
 * The most the hero may sit below the block's last content: the block's bottom padding (a card's,
 * at most 24 px), its margin and the home's gap (48 + 56 px), and a little rounding.
 */
const MAX_BAND = 24 + 48 + 56 + 8;
/** A card's room below its content beyond its own padding: a few pixels of line height. */
const MAX_EMPTY = 12;
/** A chart row's most height (its label on two lines). */
const MAX_ROW = 72;

const CATEGORIAS = [
  'Educação',
  'Saúde e Bem-estar',
  'Alimentação e Bebidas',
  'Construção Civil',
  'Tecnologia da Informação e Comunicação',
  'Serviços Contábeis e Auditoria',
  'Transporte e Logística Internacional',
  'Comunicação e Marketing Digital',
  'Agronegócio',
  'Consultoria Empresarial',
  'Hotelaria e Turismo',
];

interface HomeMeasure {
  /** Hero top minus the bottom of the portfolio block's last visible content. */
  band: number;
  /** Per card of the block: its height below its content and padding. */
  empty: { card: string; px: number }[];
  /** Chart rows: height, and whether each lies inside its card. */
  rows: { height: number; inside: boolean }[];
  /** The page is wider than the viewport. */
  sideways: boolean;
}

/** Where the home's parts are, as laid out now. */
function measure(page: Page): Promise<HomeMeasure> {
  return page.evaluate(() => {
    const visibleRect = (el: Element): DOMRect | undefined => {
      if (el.closest('.visually-hidden')) return undefined;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? r : undefined;
    };
    /** The lowest bottom of what shows inside `root`: text, controls, bars. */
    const contentBottom = (root: Element): number => {
      let bottom = root.getBoundingClientRect().top;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || !n.parentElement || !visibleRect(n.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const q of range.getClientRects()) if (q.height > 0) bottom = Math.max(bottom, q.bottom);
      }
      for (const el of root.querySelectorAll('svg, .btn, .chart-row')) {
        const r = visibleRect(el);
        if (r) bottom = Math.max(bottom, r.bottom);
      }
      return bottom;
    };
    const block = document.querySelector('.portfolio')!;
    const hero = document.querySelector('.hero')!.getBoundingClientRect();
    const empty = [...block.querySelectorAll('.card:not(.kpi)')].map((c) => {
      const r = c.getBoundingClientRect();
      const pad = parseFloat(getComputedStyle(c).paddingBottom);
      return { card: (c.className as string).replace(/\s+/g, '.'), px: Math.round(r.bottom - pad - contentBottom(c)) };
    });
    const rows = [...block.querySelectorAll('.chart-row')].map((row) => {
      const r = row.getBoundingClientRect();
      const card = row.closest('.card')!.getBoundingClientRect();
      return { height: Math.round(r.height), inside: r.top >= card.top - 1 && r.bottom <= card.bottom + 1 && r.right <= card.right + 1 };
    });
    return {
      band: Math.round(hero.top - contentBottom(block)),
      empty,
      rows,
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

/** Waits until the home's late parts are in: the footer's year, the network quiet. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.copyright').textContent()).toContain(String(browserYear()));
  await page.waitForLoadState('networkidle');
}

/** What must hold of the home now laid out, named `what` in a failure. */
async function expectFits(page: Page, what: string): Promise<HomeMeasure> {
  const m = await measure(page);
  // Soft: a failure reports every misfit of the page, not the first only.
  expect.soft(m.band, `${what}: the band between the block's content and the hero`).toBeLessThanOrEqual(MAX_BAND);
  for (const e of m.empty) expect.soft(e.px, `${what}: room left empty in ${e.card}`).toBeLessThanOrEqual(MAX_EMPTY);
  for (const [i, r] of m.rows.entries()) {
    expect.soft(r.height, `${what}: chart row ${i + 1}`).toBeLessThanOrEqual(MAX_ROW);
    expect.soft(r.inside, `${what}: chart row ${i + 1} inside its card`).toBe(true);
  }
  expect.soft(m.sideways, `${what}: the page scrolls sideways`).toBe(false);
  return m;
}

describeBrowser('the home on a company’s first day', () => {
  const { open } = useBrowser();

  it('no client, then one category, then eleven with long names, at 375 and 1440 px: the block fits its content, the hero right below it, CLS 0', async () => {
    const stages: { name: string; add: () => Promise<void>; expect: (page: Page) => Promise<void> }[] = [
      {
        name: 'no client',
        add: async () => undefined,
        expect: async (page) => {
          await visible(page.getByText('Sua carteira ainda está vazia'));
        },
      },
      {
        name: 'one category',
        add: async () => {
          const cat = await createCategoria('Educação Infantil e Fundamental', FIRST_DAY);
          await createProduto({ nome: 'Escola Municipal Monteiro Lobato', valorContrato: 15_000.5, categoria: cat }, FIRST_DAY);
        },
        expect: async (page) => {
          await expect.poll(() => page.locator('.chart-row').count()).toBe(1);
        },
      },
      {
        name: 'eleven categories',
        add: async () => {
          const tok = token();
          await Promise.all(
            CATEGORIAS.map(async (nome, i) => {
              const cat = await createCategoria(`${nome} ${tok}`, FIRST_DAY);
              await createProduto({ nome: `Sociedade Educacional Nossa Senhora Aparecida ${i} ${tok}`, valorContrato: 1_000 + i * 7_350.45, categoria: cat }, FIRST_DAY);
            }),
          );
        },
        // Eight categories, then "Outras".
        expect: async (page) => {
          await expect.poll(() => page.locator('.chart-row').count()).toBe(9);
        },
      },
    ];
    // The open mode never sets the layout cookie: each load is a first visit's.
    const { page, context } = await open({ viewport: MOBILE, baseURL: FIRST_DAY });
    await watchShifts(page);
    for (const stage of stages) {
      await stage.add();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto('/');
        await visible(heading(page));
        await stage.expect(page);
        await settled(page);
        expect(await context.cookies()).toEqual([]);
        await expectFits(page, `${stage.name} at ${viewport.width} px`);
        await expectNoShift(page, `/ with ${stage.name} at ${viewport.width} px`);
      }
    }
    await page.screenshot({ path: '/tmp/first-day-home-eleven-categories-1440.png', fullPage: true });
  });
});

describeBrowser('the home read below its block before the numbers come', () => {
  const { open } = useBrowser();

  it('at 375 px, scrolled to the hero while the numbers load: the hero stays where the user reads it (the block keeps its frame’s size), CLS 0', async () => {
    await createProduto({ nome: `Leitura lenta ${token()}` }, FIRST_DAY);
    const { page } = await open({ viewport: MOBILE, baseURL: FIRST_DAY });
    await watchShifts(page);
    const resumo = await holdRequests(page, '/api/resumo');
    await page.goto('/');
    await visible(heading(page));
    await expect.poll(resumo.count).toBeGreaterThan(0);
    const heroTop = () => page.evaluate(() => Math.round(document.querySelector('.hero')!.getBoundingClientRect().top + window.scrollY));
    const before = await heroTop();
    await page.evaluate((y) => window.scrollTo(0, y - 80), before);
    resumo.release();
    await visible(page.locator('.portfolio .kpis .kpi-value'));
    await settled(page);
    expect(await heroTop()).toBe(before);
    expect(await page.locator('.portfolio.fit-kept').count()).toBe(1);
    await expectNoShift(page, '/ read below the block');
  });
});

describeBrowser('the home with sign-in on, without the layout cookie', () => {
  const { open } = useBrowser();

  it.each(VIEWPORTS)('a visitor’s first visit at $width px: the invitation, the hero right below it, CLS 0', async (viewport) => {
    const { page, context } = await open({ viewport, baseURL: AUTH.baseUrl });
    await watchShifts(page);
    await page.goto('/');
    await visible(page.getByText('Entre para ver sua carteira'));
    await settled(page);
    expect((await context.cookies()).find((c) => c.name === HOME_COOKIE)?.value).toBe('visitante');
    await expectFits(page, `a visitor at ${viewport.width} px`);
    await expectNoShift(page, '/');
  });

  it('a colleague’s first signed-in visits at 375 and 1440 px: the numbers (or the invitation to a first client), the hero right below, CLS 0', async () => {
    const { email, password } = await member();
    const { page, context } = await open({ viewport: MOBILE, baseURL: AUTH.baseUrl });
    await page.goto('/entrar');
    await signInOnPage(page, email, password, true);
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/entrar');
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === HOME_COOKIE)).toBe(false);
    await watchShifts(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await visible(page.locator('.portfolio :is(.kpis .kpi-value, .portfolio-message)'));
      expect(await page.getByText('Entre para ver sua carteira').count()).toBe(0);
      await settled(page);
      await expectFits(page, `signed in at ${viewport.width} px`);
      await expectNoShift(page, `/ at ${viewport.width} px`);
    }
  });
});
