/**
 * One tab per converter with its PASS/FAIL badge; picking a tab picks the converter everywhere. The WAI-ARIA tabs
 * pattern: one tab stop (the selected tab), Left/Right move to the previous/next tab (wrapping), Home/End to the
 * first/last, and moving selects (the panes below only re-render: nothing is evaluated again).
 */
import type { KeyboardEvent } from 'react';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, titleOf } from '../../engine/contract/catalog.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { converterBadge } from './converterBadge.ts';

/** The converter tabs. */
export function ConverterTabs() {
  const { store } = useServices();
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const report = usePlayground((s) => s.report);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = CONVERTER_ENTRIES.findIndex((c) => c.id === converter);
    const last = CONVERTER_ENTRIES.length - 1;
    const to = { ArrowLeft: at <= 0 ? last : at - 1, ArrowRight: at >= last ? 0 : at + 1, Home: 0, End: last }[event.key];
    const next = to === undefined ? undefined : CONVERTER_ENTRIES[to];
    if (!next) return;
    event.preventDefault();
    store.getState().setField('converter', next.id);
    event.currentTarget.querySelector<HTMLElement>(`[data-converter="${next.id}"]`)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Compare converters" onKeyDown={onKeyDown}>
      {CONVERTER_ENTRIES.map((c) => {
        const badge = converterBadge(c.id, report?.converters[c.id], client, report?.pending !== undefined);
        return (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === converter}
            tabIndex={c.id === converter ? 0 : -1}
            data-converter={c.id}
            data-mark={badge.mark}
            title={`${c.summary}\n${badge.mark} ${badge.meaning} (${titleOf(CLIENT_ENTRIES, client)})`}
            onClick={() => store.getState().setField('converter', c.id)}
          >
            {c.title}
            {report && (
              <span className="mark" title={badge.meaning}>
                {badge.mark}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
