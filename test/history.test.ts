/**
 * History and links (src/state/persistence/caseStorage.ts): picking an example in the app pushes a history entry, so Back
 * returns to the case before it; the address bar keeps `#example/<id>` until the example is edited.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../src/examples/index.ts';
import { exampleCase, exampleLink } from '../src/examples/links.ts';
import { DEFAULT_CASE } from '../src/state/defaults.ts';
import { encodePermalink } from '../src/state/linkEncoder.ts';
import { boot, fakeBrowser } from './persistence-harness.ts';

describe('picking an example', () => {
  afterEach(() => vi.useRealTimers());

  it('pushes an entry with #example/<id>, and Back returns to the case before it', () => {
    vi.useFakeTimers();
    const win = fakeBrowser('');
    const { store } = boot('none', win);
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
    const win = fakeBrowser(encodePermalink(DEFAULT_CASE));
    const { store } = boot('none', win);
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
