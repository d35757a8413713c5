/** The frame every pane shares: a heading, optional tools beside it, and a body that scrolls on its own if it must. */
import { useId, type ReactNode } from 'react';

/** One pane. */
export function Pane({ id, title, tools, children }: { id: string; title: string; tools?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="pane" data-pane={id} aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId}>{title}</h2>
        {tools && <div className="pane-tools">{tools}</div>}
      </header>
      {/* Focusable: the body scrolls on its own, and keyboard users must be able to scroll it. */}
      <div className="pane-body" tabIndex={0}>
        {children}
      </div>
    </section>
  );
}

/** A quiet sentence in place of a pane's content. */
export function Note({ children }: { children: ReactNode }) {
  return <p className="note">{children}</p>;
}
