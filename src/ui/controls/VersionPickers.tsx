/** The version pickers in the header: zod, SDK v1, v2's one version (shown, not picked, while there is one), the protocol era, and Compare. */
import { usePlayground, useServices } from '../storeContext.ts';
import { CompareButton } from './CompareButton.tsx';
import { Picker } from './Picker.tsx';
import { PROTOCOL_ENTRIES, SDK_ENTRIES, SERVER_ENTRIES, ZOD_ENTRIES } from './versionEntries.ts';

/** zod and SDK v1 pickers, the v2 version, and the era the v2 client negotiates. */
export function VersionPickers() {
  const { store } = useServices();
  const zod = usePlayground((s) => s.versions.zod);
  const sdk = usePlayground((s) => s.versions.sdk);
  const server = usePlayground((s) => s.versions.server);
  const protocol = usePlayground((s) => s.protocol);
  const { setVersions } = store.getState();
  return (
    <>
      <Picker label="zod" options={ZOD_ENTRIES} value={zod} onChange={(id) => setVersions({ zod: id })} />
      <Picker label="SDK v1" options={SDK_ENTRIES} value={sdk} onChange={(id) => setVersions({ sdk: id })} />
      {SERVER_ENTRIES.length > 1 ? (
        <Picker label="v2" options={SERVER_ENTRIES} value={server} onChange={(id) => setVersions({ server: id })} />
      ) : (
        <span className="field hint" title={SERVER_ENTRIES[0]?.summary} data-testid="server-version">
          v2 {server}
        </span>
      )}
      <Picker label="Protocol" options={PROTOCOL_ENTRIES} value={protocol} onChange={(id) => store.getState().setField('protocol', id)} />
      <CompareButton />
    </>
  );
}
