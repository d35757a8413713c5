/** The versions a Report names are the versions actually installed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSIONS } from '../src/engine/versions.ts';

describe('VERSIONS', () => {
  it.each(Object.entries(VERSIONS))('%s is installed at %s', (name, version) => {
    const file = join(import.meta.dirname, '..', 'node_modules', name, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    expect(pkg.version).toBe(version);
  });
});
