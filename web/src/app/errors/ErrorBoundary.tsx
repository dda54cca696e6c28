import { Component, startTransition, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '@velvet/core/messages';
import { WifiOff } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { retryFailedPages } from '../lazy-page';

interface State {
  error: Error | null;
  /** offline when it failed: most likely the page's code, never loaded before, could not arrive */
  offline: boolean;
}

/**
 * Error screen variant 1 (spec §2): Try Again clears the error, Go Home, Reload Page. Offline, it
 * says so instead, and Try again draws the page again (its code loads once the connection is back).
 * With `fallback`, that screen instead (the app's root: RouteError).
 */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: (error: Error) => ReactNode }, State> {
  override state: State = { error: null, offline: false };

  static getDerivedStateFromError(error: Error): State {
    return { error, offline: !navigator.onLine };
  }

  // a transition: this screen stays until the page is drawn, where its code still on its way would blank it
  private readonly tryAgain = () => {
    retryFailedPages();
    startTransition(() => this.setState({ error: null, offline: false }));
  };

  // leaving a page that failed: opening it again tries its code anew
  override componentWillUnmount() {
    if (this.state.error) retryFailedPages();
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error);
    if (this.state.offline)
      return (
        <section role="alert">
          <EmptyState
            icon={<WifiOff aria-hidden size={28} />}
            title={messages.offline.title}
            line={messages.offline.line}
            headingLevel={1}
            action={<Button onClick={this.tryAgain}>{messages.offline.retry}</Button>}
          />
        </section>
      );
    return (
      <section role="alert" className="grid gap-4 rounded-2xl border border-line bg-card p-6 text-center">
        <h1 className="text-2xl font-bold">{messages.errors.title}</h1>
        <p className="text-muted">{messages.errors.body}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={this.tryAgain}>Try Again</Button>
          <a href="/" className={buttonClass('secondary')}>
            Go Home
          </a>
          <Button variant="ghost" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
        <p className="text-sm text-muted">{messages.errors.persists}</p>
      </section>
    );
  }
}
