/** The README and docs: links under the deployment's docs base, or their paths in the repository when it gave none. */
import { DOCS, docHref, docsBase } from './docsLinks.ts';

/** The list of documents. */
export function DocLinks() {
  const base = docsBase();
  return (
    <>
      {base === null && <p className="hint">In the project&apos;s repository (this build was not told its address):</p>}
      <ul className="help-docs" data-testid="help-docs">
        {DOCS.map((doc) => {
          const href = docHref(doc, base);
          return (
            <li key={doc.path}>
              {href ? (
                <a href={href} target="_blank" rel="noreferrer">
                  {doc.title}
                </a>
              ) : (
                <>
                  {doc.title}: <code>{doc.path}</code>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
