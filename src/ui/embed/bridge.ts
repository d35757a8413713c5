/** The embed's side of the postMessage protocol: ready and its height out to the parent page, `set` messages in from it. */
import { parseHostMessage, READY_MESSAGE, resizeMessage } from './messages.ts';
import type { PlaygroundStore } from '../../state/store.ts';

/** Loads the cases the parent sends, says `ready` once it listens, and posts the content height of `root` whenever it changes. */
export function startEmbedBridge(store: PlaygroundStore, root: HTMLElement, win: Window): () => void {
  // Listening first, then ready: a host that sends its `set` on ready is never too early.
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return;
    const result = parseHostMessage(event.data);
    if (result.ok) store.getState().loadCase(result.case);
    else if (result.reason) console.warn(result.reason);
  };
  win.addEventListener('message', onMessage);
  // '*' for every message out: the embed cannot know the docs site's origin, and neither readiness nor a height is a secret.
  win.parent.postMessage(READY_MESSAGE, '*');
  let last = -1;
  const measure = () => {
    const message = resizeMessage(root.getBoundingClientRect().height);
    if (!message || message.height === last) return;
    last = message.height;
    win.parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(measure);
  observer.observe(root);
  // Chromium stops ResizeObserver in an off-screen cross-origin frame (an embed further down the docs page), so every
  // store change is measured too, once React has rendered it; reading the size forces the layout there.
  const unsubscribe = store.subscribe(() => void setTimeout(measure, 0));
  return () => {
    observer.disconnect();
    unsubscribe();
    win.removeEventListener('message', onMessage);
  };
}
