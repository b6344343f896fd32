import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../web/src/app/ErrorBoundary.tsx';
import { APP_TEXTS } from '../../web/src/texts/app.ts';
import { CARTEIRA_TEXTS } from '../../web/src/texts/carteira.ts';
import { currentPath, json, mockApi, renderApp } from './helpers.tsx';

describe('routes', () => {
  it('renders the home page at / and /home', async () => {
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline })).toBeInTheDocument();
    for (const f of ['Gestão completa de clientes', 'Contratos VIP com prioridade', 'Acompanhamento do relacionamento'])
      expect(screen.getByRole('heading', { name: f })).toBeInTheDocument();
    expect(document.title).toBe('Início · Clientela');
  });

  it('redirects /listacategorias to /categorias', async () => {
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/listacategorias');
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorias' })).toBeInTheDocument();
    expect(currentPath()).toBe('/categorias');
  });

  it('redirects /produtos to /clientes', async () => {
    mockApi({ 'GET /api/produtos': json(200, []) });
    renderApp('/produtos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Busque seus clientes' })).toBeInTheDocument();
    expect(currentPath()).toBe('/clientes');
    expect(document.title).toBe('Clientes · Clientela');
  });

  it('shows "Página não encontrada" with a link home for any other path', async () => {
    mockApi({});
    renderApp('/nada/aqui');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: APP_TEXTS.common.backHome });
    expect(home).toHaveAttribute('href', '/home');
    await userEvent.click(home);
    expect(await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline })).toBeInTheDocument();
  });

  it('moves focus to the new page heading after a navigation', async () => {
    mockApi({ 'GET /api/produtos': json(200, []) });
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline });
    const nav = screen.getByRole('navigation', { name: APP_TEXTS.nav.label });
    await userEvent.click(within(nav).getByRole('link', { name: 'Sobre nós' }));
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Sobre nós' });
    await waitFor(() => expect(h1).toHaveFocus());
  });
});

describe('layout', () => {
  it('has the navbar links of the spec (and the Lixeira), aria-current on the current one, and the brand to /home', async () => {
    mockApi({ 'GET /api/categorias': json(200, []) });
    renderApp('/categorias');
    await screen.findByRole('heading', { level: 1, name: 'Categorias' });
    const nav = screen.getByRole('navigation', { name: APP_TEXTS.nav.label });
    const expected = [
      ['Clientela', '/home'],
      ['Sobre nós', '/sobre-nos'],
      ['Listar clientes', '/clientes'],
      ['Cadastrar clientes', '/cadastrarproduto'],
      ['Listar categorias', '/categorias'],
      ['Cadastrar categorias', '/cadastrarcategorias'],
      // The agenda, the contracts view and the trash, after the spec's links.
      ['Agenda', '/agenda'],
      ['Contratos a renovar', '/contratos-a-renovar'],
      ['Lixeira', '/lixeira'],
    ];
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(expected);
    expect(within(nav).getByRole('link', { name: 'Listar categorias' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Listar clientes' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('banner')).toContainElement(nav);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('a menu opened while the next page loads stays open when the page arrives (its heading does not take the focus)', async () => {
    mockApi({ 'GET /api/produtos': json(200, []) });
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline });
    // A navigation (as signing in makes), then a tap on the menu before the page has rendered.
    fireEvent.click(screen.getByRole('link', { name: 'Listar clientes' }));
    await waitFor(() => expect(currentPath()).toBe('/clientes'));
    const button = screen.getByRole('button', { name: APP_TEXTS.nav.menu });
    button.focus();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('heading', { level: 1, name: 'Busque seus clientes' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveFocus();
  });

  it('opens and closes the menu with the button and with Escape', async () => {
    mockApi({});
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline });
    const button = screen.getByRole('button', { name: APP_TEXTS.nav.menu });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(button.getAttribute('aria-controls')!);
    expect(menu).not.toBeNull();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('has a footer with named social links and the current year', async () => {
    mockApi({});
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: CARTEIRA_TEXTS.home.headline });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Clientela`)).toBeInTheDocument();
    for (const name of [APP_TEXTS.footer.linkedin, APP_TEXTS.footer.github, APP_TEXTS.footer.instagram]) {
      const a = within(footer).getByRole('link', { name });
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('sobre nós', () => {
  it('shows four members with local photos and safe external links, one with a link page', async () => {
    mockApi({});
    renderApp('/sobre-nos');
    await screen.findByRole('heading', { level: 1, name: 'Sobre nós' });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const img = within(card).getByRole('img');
      expect(img.getAttribute('src')).not.toMatch(/^https?:/);
      expect(within(card).getByRole('link', { name: /LinkedIn de/ })).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(card).getByRole('link', { name: /GitHub de/ })).toHaveAttribute('target', '_blank');
    }
    expect(screen.getAllByRole('link', { name: /Página de links de/ })).toHaveLength(1);
  });
});

describe('error boundary', () => {
  it('shows a friendly page with a way home instead of a blank screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('falha de teste');
    };
    render(
      <MemoryRouter>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: APP_TEXTS.error.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: APP_TEXTS.common.backHome })).toHaveAttribute('href', '/home');
    expect(document.title).toBe('Erro · Clientela');
  });
});
