import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths.ts';
import { APP_TEXTS } from '../texts/app.ts';
import { HomeIcon } from './icons.tsx';

/**
 * A page that only says something went wrong (not found, a page that failed): a mark, the h1,
 * a text, and actions ending with the way home.
 */
export function StatusPage({ mark, heading, text, actions, onHome }: { mark: ReactNode; heading: ReactNode; text: string; actions?: ReactNode; onHome?: () => void }) {
  return (
    <div className="page page-narrow">
      <section className="card status-page">
        {mark}
        {heading}
        <p>{text}</p>
        <div className="form-actions center">
          {actions}
          <Link className="btn btn-primary" to={paths.home} onClick={onHome}>
            <HomeIcon size={18} />
            {APP_TEXTS.common.backHome}
          </Link>
        </div>
      </section>
    </div>
  );
}
