/**
 * Error boundaries: a part of the page that throws while rendering (a report the UI cannot handle) shows a small card
 * instead, and the rest of the app keeps working; the store hears of it so autosave holds the case (no crash loop).
 */
import { Component, type ReactNode } from 'react';
import { messageOf } from '../engine/lib/message.ts';
import { useServices } from './storeContext.ts';

/** A caught error's message is shown in full only up to this length (a thrown value may stringify to megabytes). */
const MAX_MESSAGE = 300;

interface BoundaryProps {
  /** What to show instead of the children once they threw; `retry` renders them again. */
  fallback: (message: string, retry: () => void) => ReactNode;
  /** A change in any of these renders the children again (e.g. a new report may render fine). */
  resetKeys?: readonly unknown[];
  onError: (message: string) => void;
  children: ReactNode;
}

interface BoundaryState {
  failed: string | null;
  resetKeys: readonly unknown[];
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: null, resetKeys: this.props.resetKeys ?? [] };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: shortMessage(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    const keys = props.resetKeys ?? [];
    const same = keys.length === state.resetKeys.length && keys.every((k, i) => Object.is(k, state.resetKeys[i]));
    return same ? null : { failed: null, resetKeys: keys };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(shortMessage(error));
  }

  override render(): ReactNode {
    return this.state.failed === null ? this.props.children : this.props.fallback(this.state.failed, () => this.setState({ failed: null }));
  }
}

/** A boundary that reports what it catches to the store. */
export function ErrorBoundary(props: Omit<BoundaryProps, 'onError'>) {
  const { store } = useServices();
  return <Boundary {...props} onError={(message) => store.getState().noteUiCrash(message)} />;
}

/** The card a failed part shows: "<what> failed: <message>". */
export function FailedCard({ what, message, children }: { what: string; message: string; children?: ReactNode }) {
  return (
    <div className="failed-card" role="alert" data-testid="failed-card">
      <p>
        {what} failed: <code className="message">{message}</code>
      </p>
      {children}
    </div>
  );
}

function shortMessage(error: unknown): string {
  const message = messageOf(error);
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}
