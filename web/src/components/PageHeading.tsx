import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { pageTitle } from '../texts/app.ts';

// The first page of a visit keeps the browser's natural focus; later navigations move it.
let firstPage = true;

/**
 * The page's one h1: sets the document title ("Clientes · Clientela") and, after a client-side
 * navigation, moves focus to itself so screen readers announce the new page. The new page starts
 * at its top: the h1 is not always there (the signed-in home shows the portfolio above it).
 * `relaid`: the same page's heading rendered anew.
 */
export function PageHeading({ title, children, className, relaid = false }: { title: string; children?: ReactNode; className?: string; relaid?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  useEffect(() => {
    // Rendered anew on the same page (the home lays out again what follows its portfolio block):
    // no scroll; the focus only if it was on the heading this one replaces.
    if (relaid) {
      if (document.activeElement === document.body) ref.current?.focus({ preventScroll: true });
      return;
    }
    if (firstPage) {
      firstPage = false;
      return;
    }
    window.scrollTo(0, 0);
    // The person opened the phone menu while the page loaded (right after signing in, say): the
    // focus stays there, or the menu would close under their tap.
    if (document.activeElement?.closest('nav') && document.querySelector('.menu-button[aria-expanded="true"]')) return;
    ref.current?.focus({ preventScroll: true });
    // Only as the page mounts: `relaid` says which mount this is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className ?? 'page-title'}>
      {children ?? title}
    </h1>
  );
}
