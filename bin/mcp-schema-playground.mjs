#!/usr/bin/env node
// The `mcp-schema-playground` command (`check …`, `evaluate …`): registers tsx (a devDependency, installed by
// `npm ci`) so Node runs the TypeScript sources as they are, then hands over to src/cli.ts. No build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
