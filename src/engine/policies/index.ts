/**
 * The policy registry: what a server sends as structuredContent. `raw` is what the published SDKs do; `strip`, `warn`,
 * `keep` and `fail` are FrontMCP's undeclared-keys policies. Adding one is one file, one catalog line and one line here.
 */
import { POLICY_IDS } from '../contract/catalog.ts';
import type { Policy, PolicyRegistry } from '../types.ts';
import { raw } from './raw.ts';
import { strip } from './strip.ts';
import { warn } from './warn.ts';
import { keep } from './keep.ts';
import { fail } from './fail.ts';

/** Each catalog id's policy (a missing, extra or mismatched entry fails the compiler). */
export const POLICY_REGISTRY: PolicyRegistry = { raw, strip, warn, keep, fail };

/** The shipping policies in the catalog's (display) order. */
export const POLICIES: readonly Policy[] = POLICY_IDS.map((id) => POLICY_REGISTRY[id]);
