import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertIcon, HomeIcon } from '../components/icons.tsx';
import { paths } from '../paths.ts';
import { T, pageTitle } from '../texts.ts';

interface State {
  error: unknown;
}

/** Catches render and lazy-load failures: a friendly page with a way home, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Falha ao exibir a página', error, info.componentStack);
    document.title = pageTitle(T.titles.erro);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page page-narrow">
        <section className="card status-page">
          <span className="status-icon" aria-hidden="true">
            <AlertIcon size={32} />
          </span>
          <h1 tabIndex={-1} className="page-title">{T.erro.heading}</h1>
          <p>{T.erro.text}</p>
          <div className="form-actions center">
            <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
              {T.erro.recarregar}
            </button>
            <Link className="btn btn-primary" to={paths.home} onClick={() => this.setState({ error: null })}>
              <HomeIcon size={18} />
              {T.common.voltarInicio}
            </Link>
          </div>
        </section>
      </div>
    );
  }
}
