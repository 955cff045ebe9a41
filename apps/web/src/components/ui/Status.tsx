import type { ReactNode } from 'react';

/** Loading line with a spinner, announced to screen readers. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Error or empty block with an optional action (retry, go home). */
export function MessageState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="state state--block">
      <h2 className="state__title">{title}</h2>
      {text ? <p className="muted">{text}</p> : null}
      {children ? <div className="state__actions">{children}</div> : null}
    </div>
  );
}
