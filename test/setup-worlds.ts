/** vitest setup: the version worlds' Node hook (src/worlds-node/register.ts), so a world's packages share its zod in tests too. */
import { registerWorlds } from '../src/worlds-node/register.ts';

registerWorlds();
