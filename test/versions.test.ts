/** The versions a Report names are the versions actually installed. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ajvVersion } from '../src/engine/worlds/ajv-v1-120.ts';
import { PACKAGE_VERSIONS as VERSIONS } from '../src/engine/contract/versions.ts';

describe('VERSIONS', () => {
  it.each(Object.entries(VERSIONS))('%s is installed at %s', (name, version) => {
    const file = join(import.meta.dirname, '..', 'node_modules', name, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    expect(pkg.version).toBe(version);
  });
});

describe("SDK 1.20.2's own Ajv", () => {
  it('is the ajv Node resolves from that SDK', () => {
    const fromSdk = createRequire(join(import.meta.dirname, '..', 'node_modules', 'mcp-sdk-1.20', 'package.json'));
    expect((fromSdk('ajv/package.json') as { version: string }).version).toBe(ajvVersion);
  });
});
