/** vitest setup: the version worlds' Node hook (build/worlds-node.ts) and entries, so a world's packages share its zod in tests too. */
import { registerWorlds } from '../build/worlds-node.ts';
import { WORLD_ENTRIES } from '../src/engine/worlds/entries.ts';
import { useWorldEntries } from '../src/engine/worlds/load-world.ts';

registerWorlds();
useWorldEntries(WORLD_ENTRIES);
