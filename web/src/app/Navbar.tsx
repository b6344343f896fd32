import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons.tsx';
import { isAdmin } from '../lib/admin.ts';
import { useAtrasadas } from '../lib/agenda-badge.ts';
import { signOut, useSession } from '../lib/session.ts';
import { paths } from '../paths.ts';
import { APP_TEXTS } from '../texts/app.ts';

const links = [
  { to: paths.sobreNos, label: APP_TEXTS.nav.about },
  { to: paths.clientes, label: APP_TEXTS.nav.listClientes },
  { to: paths.cadastrarCliente, label: APP_TEXTS.nav.createClientes },
  { to: paths.categorias, label: APP_TEXTS.nav.listCategorias },
  { to: paths.cadastrarCategoria, label: APP_TEXTS.nav.createCategorias },
  // Beyond the spec's links: the agenda (its badge counts one's overdue tarefas), the contracts view and the trash.
  { to: paths.agenda, label: APP_TEXTS.nav.agenda },
  { to: paths.renovacoes, label: APP_TEXTS.nav.renovacoes },
  { to: paths.lixeira, label: APP_TEXTS.nav.lixeira },
] as const;

/** Above this the badge says "99+". */
const BADGE_MAX = 99;

/**
 * The count of one's overdue tarefas beside 'Agenda': the number inside the link (hidden from
 * screen readers), and the words outside it as the link's description, so its name stays 'Agenda'
 * and a screen reader says "Agenda, 3 tarefas atrasadas".
 */
function badgeOf(n: number | undefined): { shown: string; words: string } | undefined {
  if (!n) return undefined;
  const mais = n > BADGE_MAX;
  return { shown: mais ? `${BADGE_MAX}+` : String(n), words: APP_TEXTS.nav.atrasadas(mais ? BADGE_MAX : n, mais) };
}

/**
 * Fixed top navigation: brand → /home, the spec's links; a menu button on narrow screens. The
 * links start after the brand and the session's entries ('Entrar', or the account) sit at the far
 * end: known only after the prerendered page hydrates, they arrive without moving the links.
 */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const badgeId = useId();
  const badge = badgeOf(useAtrasadas());
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const close = () => setOpen(false);
  const { pathname } = useLocation();
  const session = useSession();
  const navigate = useNavigate();

  // Close the menu whenever the page changes.
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // A tap or click anywhere else closes it, as a menu does.
    const onPointer = (e: PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Tabbing out of the navigation closes the menu: it would cover the focused field.
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <header className={session.status === 'signedIn' ? 'navbar has-user' : 'navbar'}>
      <nav ref={nav} className="navbar-inner" aria-label={APP_TEXTS.nav.label} onBlur={onBlur}>
        <Link to={paths.home} className="brand" onClick={close}>
          <LogoMark />
          <span className="brand-name">{APP_TEXTS.nav.home}</span>
        </Link>
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={APP_TEXTS.nav.menu}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
        <ul id={menuId} className={`nav-links${open ? ' is-open' : ''}`}>
          {links.map((l) => (
            <li key={l.to}>
              {/* Closes also when the link is the current page (no navigation happens). */}
              <NavLink
                to={l.to}
                end
                className="nav-link"
                onClick={close}
                aria-describedby={l.to === paths.agenda && badge ? badgeId : undefined}
              >
                {l.label}
                {/* The badge's place is kept whatever the count, so its arrival moves no link. */}
                {l.to === paths.agenda ? (
                  <span className="nav-badge-slot" aria-hidden="true">
                    {badge ? <span className="nav-badge">{badge.shown}</span> : null}
                  </span>
                ) : null}
              </NavLink>
              {l.to === paths.agenda && badge ? (
                <span id={badgeId} className="visually-hidden">
                  {badge.words}
                </span>
              ) : null}
            </li>
          ))}
          {session.status === 'signedIn' ? (
            <>
              {isAdmin(session, 'none') ? (
                <li className="nav-auth">
                  <NavLink to={paths.usuarios} className="nav-link" onClick={close}>
                    {APP_TEXTS.nav.usuarios}
                  </NavLink>
                </li>
              ) : null}
              <li className="nav-auth">
                <NavLink to={paths.minhaConta} end className="nav-link nav-account" title={session.user.email} onClick={close}>
                  <span className="visually-hidden">{APP_TEXTS.nav.account} </span>
                  {session.user.email}
                </NavLink>
              </li>
              <li className="nav-auth">
                {/* Sair: to /entrar, then the session ends (and with it every cached record). */}
                <button
                  type="button"
                  className="nav-link nav-button"
                  onClick={() => {
                    navigate(paths.entrar);
                    signOut();
                  }}
                >
                  {APP_TEXTS.nav.signOut}
                </button>
              </li>
            </>
          ) : session.status === 'anonymous' ? (
            <li className="nav-auth">
              <NavLink to={paths.entrar} className="nav-link" onClick={close}>
                {APP_TEXTS.nav.signIn}
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
