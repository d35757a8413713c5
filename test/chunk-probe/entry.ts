/** A tiny worker entry for test/engine-bundle.test.ts: zod in the core, two lazily imported modules. */
import host from 'virtual:engine-chunk-host';
import { z } from 'zod';

(globalThis as { probe?: unknown }).probe = { host, z, lazy: () => import('./lazy.ts'), other: () => import('./other.ts') };
