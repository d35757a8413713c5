/** An error path as a link: a click selects it in the answer editor and reveals its subschema in the listing. */
import type { ReactNode } from 'react';
import type { PathTarget } from '../editor/answerPlace.ts';
import { useServices } from '../storeContext.ts';
import { clipText, clipTitle } from './clip.ts';

/** Characters of a path shown (an answer's key can be any length); the whole path is in the hover text. */
const PATH_CHARS = 120;

/**
 * The path with a line break allowed after each `.` and before each `/` (<wbr>): a path too long for its column wraps
 * between its keys (`lines[].` / `margin`), not inside a key. A single key longer than the column still breaks (the
 * chip's `overflow-wrap: anywhere`).
 */
function betweenKeys(path: string): ReactNode[] {
  return path.split(/(?<=\.)|(?=\/)/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

/** A button showing `text` (the path as the pane words it) that goes to `target`. */
export function PathLink({ text, target }: { text: string; target: PathTarget }) {
  const { store, ui } = useServices();
  const { head, more } = clipText(text, PATH_CHARS);
  const go = () => {
    if (!ui.getState().goToPath(target)) store.getState().setToast('That place is not in the answer any more');
  };
  return (
    <button type="button" className="path-link" title={clipTitle(`Show ${text} in the answer and the listing`)} onClick={go}>
      <code className="key">{betweenKeys(more > 0 ? `${head}…` : head)}</code>
    </button>
  );
}
