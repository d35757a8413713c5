/**
 * The non-default worlds' entries, one literal import per (entry, tag) so a bundler makes each its own chunk, fetched
 * when first picked. The tags only resolve under the worlds resolver (build/worlds-plugin.ts, build/worlds-hook.mjs):
 * a host imports this module and hands it to `useWorldEntries` (worlds/load-world.ts).
 */
import type { WorldEntries } from './entries-type.ts';

/** Each world entry under each tag it is loaded with (the zod a clean install gives its package: worlds/table.ts). */
export const WORLD_ENTRIES: WorldEntries = {
  zod: {
    zod3: () => import('./entry-zod.ts?world=zod3'),
    zod40: () => import('./entry-zod.ts?world=zod40'),
    zod43: () => import('./entry-zod.ts?world=zod43'),
  },
  v1: {
    '1.32.2': {
      zod3: () => import('./entry-v1-132.ts?world=zod3'),
      zod40: () => import('./entry-v1-132.ts?world=zod40'),
      zod43: () => import('./entry-v1-132.ts?world=zod43'),
    },
    '1.20.2': { zod3: () => import('./entry-v1-120.ts?world=zod3') },
  },
  v2: { zod43: () => import('./entry-v2.ts?world=zod43') },
};
