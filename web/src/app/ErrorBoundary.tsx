import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Badge, AlertIcon } from '../components/icons.tsx';
import { StatusPage } from '../components/StatusPage.tsx';
import { APP_TEXTS, pageTitle } from '../texts/app.ts';

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
    document.title = pageTitle(APP_TEXTS.titles.error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <StatusPage
        mark={
          <Badge className="status-icon" icon={<AlertIcon size={32} />} />
        }
        heading={
          <h1 tabIndex={-1} className="page-title">
            {APP_TEXTS.error.heading}
          </h1>
        }
        text={APP_TEXTS.error.text}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            {APP_TEXTS.error.reload}
          </button>
        }
        onHome={() => this.setState({ error: null })}
      />
    );
  }
}
