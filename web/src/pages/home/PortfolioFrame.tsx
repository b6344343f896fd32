import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_TEXTS } from '../../texts/app.ts';
import { CARTEIRA_TEXTS } from '../../texts/carteira.ts';

/**
 * The portfolio block's frame before its content is known (the prerendered home shows it: a
 * build can't know it): a fixed size with each part's place; the home then fits the block to its
 * content (pages/Home.tsx). `compact`: the size of a visitor's invitation (a page served for a
 * visitor, lib/inicio.ts).
 */
export function PortfolioSkeleton({ compact = false }: { compact?: boolean }) {
  if (compact)
    return (
      <div className="portfolio-body portfolio-compact card skeleton is-loading" aria-busy="true">
        <p className="visually-hidden" role="status">
          {CARTEIRA_TEXTS.portfolio.loading}
        </p>
      </div>
    );
  return (
    <div className="portfolio-body is-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {CARTEIRA_TEXTS.portfolio.loading}
      </p>
      <div className="kpis" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card kpi skeleton" />
        ))}
      </div>
      <div className="portfolio-grid" aria-hidden="true">
        <div className="card panel hoje skeleton" />
        <div className="card panel chart skeleton" />
        <div className="card panel renewals skeleton" />
        <div className="card panel recent skeleton" />
      </div>
    </div>
  );
}

/**
 * The block with one message in the reserved space: sign in, the first client, or a failed read;
 * `compact`: in a visitor's smaller space.
 */
export function PortfolioMessage(p: { title: string; text?: string; to?: string; action?: string; icon?: ReactNode; retry?: () => void; compact?: boolean }) {
  const { title, text, to, action, retry } = p;
  return (
    <div className={p.compact ? 'portfolio-body portfolio-compact portfolio-message card' : 'portfolio-body portfolio-message card'}>
      <p className="portfolio-message-title">{title}</p>
      {text ? <p>{text}</p> : null}
      {to && action ? (
        <Link className="btn btn-primary" to={to}>
          {p.icon}
          {action}
        </Link>
      ) : null}
      {retry ? (
        <button type="button" className="btn btn-secondary" onClick={retry}>
          {APP_TEXTS.common.retry}
        </button>
      ) : null}
    </div>
  );
}
