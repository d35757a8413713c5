/**
 * History and links (src/state/persistence/urlHash.ts): picking an example in the app pushes a history entry, so Back
 * returns to the case before it; the address bar keeps `#example/<id>` until the example is edited.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase, exampleLink } from '../src/examples/links.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { startUrlSync } from '../src/state/persistence/urlHash.ts';
import { createPlaygroundStore } from '../src/state/store.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';

/** A window with a real-enough history: entries, replaceState, pushState, and Back firing hashchange as a browser does. */
function historyWindow(hash: string) {
  const listeners = new Set<(e: { newURL: string }) => void>();
  const entries = [hash];
  let at = 0;
  const win = {
    location: { hash, pathname: '/', search: '' },
    history: {
      replaceState: (_d: unknown, _u: string, url: string) => {
        entries[at] = url.startsWith('#') ? url : '';
        win.location.hash = entries[at] ?? '';
      },
      pushState: (_d: unknown, _u: string, url: string) => {
        entries.splice(at + 1, entries.length, url);
        at++;
        win.location.hash = url;
      },
    },
    addEventListener: (_t: 'hashchange', l: (e: { newURL: string }) => void) => void listeners.add(l),
    removeEventListener: (_t: 'hashchange', l: (e: { newURL: string }) => void) => void listeners.delete(l),
    back: () => {
      at--;
      win.location.hash = entries[at] ?? '';
      for (const l of listeners) l({ newURL: `https://app.test/${win.location.hash}` });
    },
    /** The user follows a link in the open app: a new entry, then its hashchange. */
    navigate: (h: string) => {
      entries.splice(at + 1, entries.length, h);
      at++;
      win.location.hash = h;
      for (const l of listeners) l({ newURL: `https://app.test/${h}` });
    },
    entries: () => [...entries],
  };
  return win;
}

describe('picking an example', () => {
  afterEach(() => vi.useRealTimers());

  it('pushes an entry with #example/<id>, and Back returns to the case before it', () => {
    vi.useFakeTimers();
    const store = createPlaygroundStore(DEFAULT_CASE);
    const win = historyWindow('');
    startUrlSync(store, win, 1000);
    // The case being edited, its link not written yet (the throttle's second has not passed).
    store.getState().setField('answer', '{"mine":true}');
    const example = EXAMPLES[1]!;
    store.getState().loadCase(exampleCase(example), example.id);
    const mine = encodePermalink({ ...DEFAULT_CASE, answer: '{"mine":true}' });
    expect(win.entries()).toEqual([mine, exampleLink(example.id)]);
    // Later writes keep the example's short link while it is unedited.
    vi.advanceTimersByTime(5000);
    expect(win.location.hash).toBe(exampleLink(example.id));
    win.back();
    expect(store.getState().answer).toBe('{"mine":true}');
    expect(store.getState().exampleId).toBeNull();
  });

  it('keeps #example/<id> until the example is edited, then writes the edited case’s link', () => {
    vi.useFakeTimers();
    const example = EXAMPLES[0]!;
    const store = createPlaygroundStore(DEFAULT_CASE);
    const win = historyWindow(encodePermalink(DEFAULT_CASE));
    startUrlSync(store, win, 1000);
    // An example link followed in the open app: the case changes, and the throttled write comes a second later.
    win.navigate(exampleLink(example.id));
    expect(store.getState().exampleId).toBe(example.id);
    vi.advanceTimersByTime(5000);
    expect(win.location.hash).toBe(exampleLink(example.id));
    store.getState().setField('answer', '{"edited":true}');
    vi.advanceTimersByTime(1000);
    expect(win.location.hash).toBe(encodePermalink({ ...exampleCase(example), answer: '{"edited":true}' }));
    // An edit is no navigation: still the two entries.
    expect(win.entries()).toHaveLength(2);
  });
});
