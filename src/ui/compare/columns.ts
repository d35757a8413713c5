/**
 * The compare view's grid: zod versions (rows) × SDKs (columns: each SDK v1 version, then each v2 version in each
 * protocol era; v1 speaks only 2025-11-25), all from engine/contract/versions.ts. A column names the converter that lists as that SDK, the SDK's clients, and the
 * versions a run needs so that its listing is that SDK's.
 */
import { CLIENT_ENTRIES, entryOf, type ClientId, type ConverterId } from '../../engine/contract/catalog.ts';
import { DEFAULT_PROTOCOL, DEFAULT_VERSIONS, PROTOCOL_IDS, SDK_VERSIONS, SERVER_VERSIONS, ZOD_VERSIONS, type Protocol, type Versions, type ZodVersion } from '../../engine/contract/versions.ts';

/** One SDK column. */
export interface Column {
  id: string;
  title: string;
  /** The converter that lists as this SDK's server does. */
  converter: ConverterId;
  /** This SDK's clients, the first the one used when the picked client is another SDK's. */
  clients: readonly ClientId[];
  /** The versions this column runs under a given zod. */
  versions(zod: ZodVersion): Versions;
  /** The protocol era this column's client negotiates. */
  protocol: Protocol;
}

/** One run of the grid: the versions, and the era when it is not the default. */
export type CompareWorld = Versions & { protocol?: Protocol };

const V1_CLIENTS = ['sdk-v1'] as const satisfies readonly ClientId[];
const V2_CLIENTS = ['sdk-v2-node', 'sdk-v2-browser'] as const satisfies readonly ClientId[];

/** The columns: SDK v1 versions (default first), then v2. */
export const COLUMNS: readonly Column[] = [
  ...SDK_VERSIONS.map((s) => ({
    id: `v1-${s.version}`,
    title: `SDK v1 ${s.version}`,
    converter: 'mcp-sdk-v1' as const,
    clients: V1_CLIENTS,
    versions: (zod: ZodVersion): Versions => ({ zod, sdk: s.version, server: DEFAULT_VERSIONS.server }),
    protocol: DEFAULT_PROTOCOL,
  })),
  // A client world (the 2.0.0 betas) runs the default server: its column would list what 2.4.0's does.
  ...SERVER_VERSIONS.filter((s) => !('client' in s)).flatMap((s) =>
    PROTOCOL_IDS.map((protocol) => ({
      id: protocol === DEFAULT_PROTOCOL ? `v2-${s.version}` : `v2-${s.version}-${protocol}`,
      title: `v2 ${s.version} · ${protocol}`,
      converter: 'mcp-sdk-v2' as const,
      clients: V2_CLIENTS,
      versions: (zod: ZodVersion): Versions => ({ zod, sdk: DEFAULT_VERSIONS.sdk, server: s.version }),
      protocol,
    })),
  ),
];

/** The column a modern-era column is compared with: the same v2 version in the default era (undefined for the others). */
export function eraReference(column: Column): Column | undefined {
  if (column.protocol === DEFAULT_PROTOCOL) return undefined;
  return COLUMNS.find((c) => c.converter === column.converter && c.protocol === DEFAULT_PROTOCOL && c.versions(DEFAULT_VERSIONS.zod).server === column.versions(DEFAULT_VERSIONS.zod).server);
}

/** The world a cell of this column runs in. */
export function worldOf(column: Column, zod: ZodVersion): CompareWorld {
  const v = column.versions(zod);
  return column.protocol === DEFAULT_PROTOCOL ? v : { ...v, protocol: column.protocol };
}

/** The rows: zod versions, default first. */
export const ROWS: readonly ZodVersion[] = ZOD_VERSIONS.map((z) => z.version);

/** The default cell: the default zod under the default SDK v1 (what the app runs when nothing is picked). */
export const DEFAULT_CELL = { zod: DEFAULT_VERSIONS.zod, column: `v1-${DEFAULT_VERSIONS.sdk}` } as const;

/** The client whose verdict a column shows: the picked one when it belongs to this SDK, else this SDK's first. */
export function clientFor(column: Column, picked: ClientId): { client: ClientId; substituted: boolean } {
  return column.clients.includes(picked) ? { client: picked, substituted: false } : { client: column.clients[0] ?? picked, substituted: true };
}

/** How a column's header names its client ("v1", "v2 (Node)"). */
export function clientShort(id: ClientId): string {
  return entryOf(CLIENT_ENTRIES, id).short;
}

/**
 * The distinct runs the grid needs, one per version world and era (a run's Report holds every converter, so one run
 * fills every column whose versions and era are the same), the default world first and its other eras next.
 */
export function worldsToRun(): CompareWorld[] {
  const seen = new Map<string, CompareWorld>();
  // The default world, then its other eras (the same packages, so the cheapest runs), then every other world.
  const eraFirst = [...COLUMNS].sort((a, b) => Number(a.protocol === DEFAULT_PROTOCOL) - Number(b.protocol === DEFAULT_PROTOCOL));
  for (const column of COLUMNS.filter((c) => c.id === DEFAULT_CELL.column)) seen.set(worldKey(worldOf(column, DEFAULT_CELL.zod)), worldOf(column, DEFAULT_CELL.zod));
  for (const zod of [DEFAULT_CELL.zod, ...ROWS]) {
    for (const column of zod === DEFAULT_CELL.zod ? eraFirst : COLUMNS) {
      const w = worldOf(column, zod);
      seen.set(worldKey(w), w);
    }
  }
  return [...seen.values()];
}

/** A world's key (zod, sdk, server, and the era when not the default). */
export function worldKey(v: CompareWorld): string {
  return `${v.zod}|${v.sdk}|${v.server}${v.protocol && v.protocol !== DEFAULT_PROTOCOL ? `|${v.protocol}` : ''}`;
}
