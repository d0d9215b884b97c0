/**
 * The root of every island, on the server and in the browser: the island's component inside an
 * error boundary. An island that throws shows 'Unexpected Application Error!' with the message in
 * its own place; the rest of the page keeps working.
 */
import { Component, StrictMode, useEffect, type ReactNode } from 'react';
import type { IslandModule, IslandProps } from './island';
import { errorMessage } from '../../../shared/error-message';

function ErrorNotice({ detail }: { detail: string }) {
  return (
    <div className="route-error" role="alert">
      <h2>Unexpected Application Error!</h2>
      <p className="route-error-detail">{detail}</p>
      <p>
        <a href="/">Return to the home page</a>
      </p>
    </div>
  );
}

class IslandBoundary extends Component<{ name: string; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown) {
    console.error(`Island ${this.props.name} failed:`, error);
  }
  render() {
    return this.state.error ? <ErrorNotice detail={errorMessage(this.state.error)} /> : this.props.children;
  }
}

/** Calls `onCommit` once React has committed the island (rendered on the server too, as a no-op, so both trees are the same shape). */
function Committed({ onCommit }: { onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}

export function IslandRoot({ name, module, props, onCommit }: { name: string; module: IslandModule; props: IslandProps; onCommit?: () => void }) {
  const Island = module.default;
  return (
    <StrictMode>
      <IslandBoundary name={name}>
        <Island {...props} />
      </IslandBoundary>
      <Committed onCommit={onCommit} />
    </StrictMode>
  );
}
