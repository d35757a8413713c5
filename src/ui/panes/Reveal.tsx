/** A <details> whose content is rendered only once opened (a shipped answer can be large). */
import { useState, type ReactNode } from 'react';

/** Expandable content, built lazily. */
export function Reveal({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="reveal" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
