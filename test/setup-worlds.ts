/** vitest setup: the version worlds' Node hook (build/worlds-node.ts), so a world's packages share its zod in tests too. */
import { registerWorlds } from '../build/worlds-node.ts';

registerWorlds();
