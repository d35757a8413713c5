/** The version pickers in the header: zod, SDK v1, v2's one version (shown, not picked, while there is one), and Compare. */
import { usePlayground, useServices } from '../storeContext.ts';
import { CompareButton } from './CompareButton.tsx';
import { Picker } from './Picker.tsx';
import { SDK_ENTRIES, SERVER_ENTRIES, ZOD_ENTRIES } from './versionEntries.ts';

/** zod and SDK v1 pickers, and the v2 version. */
export function VersionPickers() {
  const { store } = useServices();
  const zod = usePlayground((s) => s.versions.zod);
  const sdk = usePlayground((s) => s.versions.sdk);
  const server = usePlayground((s) => s.versions.server);
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
      <CompareButton />
    </>
  );
}
