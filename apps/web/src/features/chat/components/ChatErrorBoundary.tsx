import { Component, type ReactNode } from 'react';

interface Props {
  title: string;
  retryLabel: string;
  reloadLabel: string;
  children: ReactNode;
}

/** A crash inside the chat stays inside the chat: retry it or reload the page. */
export class ChatErrorBoundary extends Component<Props, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('chat crashed', error);
  }

  override render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <div className="panel chat chat--crashed" role="alert">
        <p className="chat__crash-title">{this.props.title}</p>
        <div className="state__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
          >
            {this.props.retryLabel}
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => window.location.reload()}>
            {this.props.reloadLabel}
          </button>
        </div>
      </div>
    );
  }
}
