/** The embed's side of the postMessage protocol: its height out to the parent page, `set` messages in from it. */
import { parseHostMessage, resizeMessage } from './messages.ts';
import type { PlaygroundStore } from '../../state/store.ts';

/** Posts the content height of `root` to the parent whenever it changes, and loads the cases the parent sends. */
export function startEmbedBridge(store: PlaygroundStore, root: HTMLElement, win: Window): () => void {
  let last = -1;
  const measure = () => {
    const message = resizeMessage(root.getBoundingClientRect().height);
    if (message.height === last) return;
    last = message.height;
    // '*': the embed cannot know the docs site's origin, and a height is no secret.
    win.parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(measure);
  observer.observe(root);
  // Chromium stops ResizeObserver in an off-screen cross-origin frame (an embed further down the docs page), so every
  // store change is measured too, once React has rendered it; reading the size forces the layout there.
  const unsubscribe = store.subscribe(() => void setTimeout(measure, 0));
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win.parent) return;
    const result = parseHostMessage(event.data);
    if (result.ok) store.getState().loadCase(result.case);
    else if (result.reason) console.warn(result.reason);
  };
  win.addEventListener('message', onMessage);
  return () => {
    observer.disconnect();
    unsubscribe();
    win.removeEventListener('message', onMessage);
  };
}
