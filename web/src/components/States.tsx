import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_TEXTS } from '../texts/app.ts';
import { AlertIcon, PlusIcon } from './icons.tsx';

/** A friendly empty state with a way to create the first record. */
export function EmptyState({ title, text, actionLabel, to, icon }: { title: string; text: string; actionLabel: string; to: string; icon: ReactNode }) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <div className="empty-icon" aria-hidden="true">{icon}</div>
      <h2 id="empty-title">{title}</h2>
      <p>{text}</p>
      <Link className="btn btn-primary" to={to}>
        <PlusIcon size={18} />
        {actionLabel}
      </Link>
    </section>
  );
}

/** A list that failed to load: says so and offers a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <AlertIcon size={22} />
      <p>{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {APP_TEXTS.common.retry}
      </button>
    </div>
  );
}
