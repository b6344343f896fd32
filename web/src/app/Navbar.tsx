import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons.tsx';
import { paths } from '../paths.ts';
import { T } from '../texts.ts';

const links = [
  { to: paths.sobreNos, label: T.nav.sobreNos },
  { to: paths.clientes, label: T.nav.listarClientes },
  { to: paths.cadastrarCliente, label: T.nav.cadastrarClientes },
  { to: paths.categorias, label: T.nav.listarCategorias },
  { to: paths.cadastrarCategoria, label: T.nav.cadastrarCategorias },
] as const;

/** Fixed top navigation: brand → /home, the spec's links; a menu button on narrow screens. */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

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
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={T.nav.label}>
        <Link to={paths.home} className="brand">
          <LogoMark />
          <span className="brand-name">{T.nav.home}</span>
        </Link>
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={T.nav.menu}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
        <ul id={menuId} className={`nav-links${open ? ' is-open' : ''}`}>
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end className="nav-link">
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
