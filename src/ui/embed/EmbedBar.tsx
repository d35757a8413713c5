/** The embed's slim bar: the tool and its role, Edit (unless read-only), and "Open in playground ↗". */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { openInPlaygroundUrl } from './messages.ts';
import { ROLE_ENTRIES, titleOf } from '../../engine/contract/catalog.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { normalizeCase } from '../../engine/case.ts';

/** The bar; `onEdit` is absent once editing (or in read-only embeds). */
export function EmbedBar({ onEdit }: { onEdit: (() => void) | null }) {
  const role = usePlayground((s) => s.role);
  const tool = usePlayground((s) => s.tool);
  return (
    <header className="embed-bar">
      <code className="embed-tool" title="Tool name">
        {tool}
      </code>
      <span className="hint">{titleOf(ROLE_ENTRIES, role)}</span>
      <span className="embed-actions">
        {onEdit && (
          <button type="button" className="ghost" onClick={onEdit} title="Edit the schema and the answer here (loads the editor)">
            Edit
          </button>
        )}
        <OpenLink />
      </span>
    </header>
  );
}

/** A link to the full playground with the case as it is now; none for a case too large for a link (the status says so). */
function OpenLink() {
  const { links } = useServices();
  // Shallow: a new object only when a field of the case changed, so the link is encoded once per change.
  const c = usePlayground(useShallow(normalizeCase));
  const href = useMemo(() => {
    const link = links.linkOf(c);
    return link.ok ? openInPlaygroundUrl(window.location.href, link.link) : null;
  }, [c, links]);
  if (href === null) {
    return (
      <span className="open-link hint" data-testid="open-link-off">
        Too large to open in the playground
      </span>
    );
  }
  return (
    <a className="open-link" href={href} target="_blank" rel="noopener">
      Open in playground <span aria-hidden="true">↗</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
