/** Text rendered bounded: its first characters, "… N more characters", and buttons to show or copy the whole. */
import { useState } from 'react';
import { copyText } from '../clipboard.ts';
import { useServices } from '../storeContext.ts';
import { MESSAGE_CHARS, SHOW_ALL_CHARS, clipText } from './clip.ts';

/** `text`, cut at `max` characters with a way to see (when that cannot block the page) or copy the rest. */
export function Clipped({ text, max = MESSAGE_CHARS }: { text: string; max?: number }) {
  const { store } = useServices();
  const [all, setAll] = useState(false);
  const { head, more } = clipText(text, max);
  if (more === 0 || all) return text;
  const copy = () => void copyText(text).then((ok) => store.getState().setToast(ok ? 'Copied the whole text' : 'Copy failed'));
  return (
    <>
      {head}
      <span className="clip-more" data-testid="clip-more">
        … {more.toLocaleString('en')} more characters{' '}
        {text.length <= SHOW_ALL_CHARS && (
          <button type="button" className="link" onClick={() => setAll(true)}>
            Show all
          </button>
        )}{' '}
        <button type="button" className="link" onClick={copy}>
          Copy all
        </button>
      </span>
    </>
  );
}
