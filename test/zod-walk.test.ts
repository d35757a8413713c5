/** The one zod walker (src/engine/lib/zod-walk.ts) and what is built on it. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasTransform } from '../src/engine/lib/pipes.ts';
import { findZodNode, MAX_SCHEMA_DEPTH } from '../src/engine/lib/zod-walk.ts';

/** A schema whose getter builds a new schema on every read: its tree never ends and never repeats a node. */
const endless = (): z.ZodType => z.object({ get a() { return endless(); } });

describe('findZodNode', () => {
  it('has a depth guard: a tree that never ends is walked MAX_SCHEMA_DEPTH + 1 levels deep and no deeper', () => {
    let deepest = 0;
    const found = findZodNode(endless(), (visit) => ((deepest = Math.max(deepest, visit.depth)), false), 5 * MAX_SCHEMA_DEPTH);
    expect(found).toBeNull();
    expect(deepest).toBe(MAX_SCHEMA_DEPTH + 1);
  });

  it('finds a schema by its key path, each schema tested once (a recursive schema ends)', () => {
    const Node: z.ZodType = z.object({ get next() { return Node.optional(); }, tag: z.string().transform((s) => s.length) });
    const visit = findZodNode(Node, (v) => v.def.type === 'pipe');
    expect(visit?.key).toBe('tag');
    expect(hasTransform(Node)).toBe(true);
    expect(hasTransform(z.object({ a: z.array(z.string()) }))).toBe(false);
  });
});

describe('hasTransform', () => {
  it('ends on a schema that builds itself forever (the walker\'s depth guard)', () => {
    expect(hasTransform(endless())).toBe(false);
  });
});
