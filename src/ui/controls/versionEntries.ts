/** The version lists (engine/contract/versions.ts) as picker entries: the only place the pickers get their options. */
import type { Entry } from '../../engine/contract/catalog.ts';
import { ANSWER_FORMS, PROTOCOLS, SDK_VERSIONS, SERVER_VERSIONS, ZOD_VERSIONS, type AnswerForm, type Protocol, type SdkVersion, type ServerVersion, type ZodVersion } from '../../engine/contract/versions.ts';

function entries<Id extends string>(list: readonly { version: Id; pkg: string }[], name: string): Entry<Id>[] {
  return list.map((v, i) => ({
    id: v.version,
    title: v.version,
    summary: `${name} ${v.version}${i === 0 ? ' (the default)' : ''}, the real npm package${v.pkg === name ? '' : ` (installed as ${v.pkg})`}`,
  }));
}

/** zod versions, default first. */
export const ZOD_ENTRIES: readonly Entry<ZodVersion>[] = entries(ZOD_VERSIONS, 'zod');
/** @modelcontextprotocol/sdk (v1) versions, default first. */
export const SDK_ENTRIES: readonly Entry<SdkVersion>[] = entries(SDK_VERSIONS, '@modelcontextprotocol/sdk');
/** @modelcontextprotocol/server + client (v2) versions; a client world names its client and the server it runs with. */
export const SERVER_ENTRIES: readonly Entry<ServerVersion>[] = entries(SERVER_VERSIONS, '@modelcontextprotocol/server').map((e, i) => {
  const v = SERVER_VERSIONS[i];
  return v && 'client' in v ? { ...e, summary: `${v.client} ${v.version} (installed as ${v.pkg}) with @modelcontextprotocol/server ${SERVER_VERSIONS[0].version}: it accepts JSON Schema 2020-12 only` } : e;
});
/** The answer forms. */
export const ANSWER_FORM_ENTRIES: readonly Entry<AnswerForm>[] = ANSWER_FORMS;
/** The protocol eras the v2 client can negotiate, default first. */
export const PROTOCOL_ENTRIES: readonly Entry<Protocol>[] = PROTOCOLS;
