/** One tab per converter with its PASS/FAIL badge; picking a tab picks the converter everywhere. */
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, titleOf } from '../../engine/contract/catalog.ts';
import { usePlayground, useServices } from '../storeContext.ts';
import { converterBadge } from './converterBadge.ts';

/** The converter tabs. */
export function ConverterTabs() {
  const { store } = useServices();
  const converter = usePlayground((s) => s.converter);
  const client = usePlayground((s) => s.client);
  const report = usePlayground((s) => s.report);
  return (
    <div className="tabs" role="tablist" aria-label="Compare converters">
      {CONVERTER_ENTRIES.map((c) => {
        const badge = converterBadge(report?.converters[c.id], client, report?.pending !== undefined);
        return (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === converter}
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
