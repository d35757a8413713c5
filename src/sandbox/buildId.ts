/**
 * This build's engine, as one string: the content-hashed URLs of the engine worker's script, its chunks and the client
 * realms (the sandbox plugin in vite.config.ts). Two builds with the same id compute the same Report for a case; a
 * report kept from an earlier visit (src/state/storedReports.ts) is used only under the id it was made with.
 */
import workerUrl, { chunkUrls, clientRealmUrl } from 'virtual:sandbox-worker-url';

export const ENGINE_BUILD_ID = JSON.stringify([workerUrl, clientRealmUrl, Object.entries(chunkUrls).sort(([a], [b]) => (a < b ? -1 : 1))]);
