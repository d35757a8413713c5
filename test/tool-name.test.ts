/** The tool-name rule against both published SDKs: the warnings are exactly what their registerTool prints. */
import fc from 'fast-check';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkToolName, showHidden } from '../src/engine/tool-name.ts';

afterEach(() => vi.restoreAllMocks());

/** The bullet lines a real server's registerTool writes with console.warn for `name`. */
function sdkWarnings(sdk: 'v1' | 'v2', name: string): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    const info = { name: 's', version: '1' };
    if (sdk === 'v1') new McpServerV1(info).registerTool(name, { inputSchema: z.object({}) }, () => ({ content: [] }));
    else new McpServerV2(info).registerTool(name, { inputSchema: z.object({}) }, () => ({ content: [] }));
  } finally {
    spy.mockRestore();
  }
  return lines.filter((l) => l.startsWith('  - ')).map((l) => l.slice(4));
}

const names = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'Z', '0', '_', '-', '.', ' ', ',', '/', 'é', '\u2028', '\u202e', '\t'), maxLength: 12 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
  fc.stringMatching(/^[A-Za-z0-9._-]{120,140}$/),
);

describe('checkToolName', () => {
  it('warns exactly what SDK v1 prints when it registers the name, and SDK v2 too but for astral characters', () => {
    fc.assert(
      fc.property(names, (name) => {
        const { warnings } = checkToolName(name);
        expect(warnings).toEqual(sdkWarnings('v1', name));
        // v2 lists an astral character whole ([...name]), v1 as its two UTF-16 halves (split('')); the rule is v1's.
        if (!/[\uD800-\uDFFF]/.test(name)) expect(warnings).toEqual(sdkWarnings('v2', name));
      }),
      { numRuns: 150 },
    );
  });

  it('is silent on a conforming name and quotes the SDK on the others', () => {
    expect(checkToolName('get_invoice')).toEqual({ refusal: null, warnings: [] });
    expect(checkToolName('get invoice')).toEqual({
      refusal: null,
      warnings: [
        'Tool name contains spaces, which may cause parsing issues',
        'Tool name contains invalid characters: " "',
        'Allowed characters are: A-Z, a-z, 0-9, underscore (_), dash (-), and dot (.)',
      ],
    });
  });

  it('refuses control characters, line separators and bidi overrides, naming each once', () => {
    expect(checkToolName('get\u2028in\u2028voice').refusal).toMatch(/^The tool name holds U\+2028 \(line separator\): invisible characters/);
    expect(checkToolName('a\u0000b\u009fc').refusal).toContain('U+0000 (control character), U+009F (control character)');
    expect(checkToolName('abc\u202edcba\u2066').refusal).toContain('U+202E (bidi control), U+2066 (bidi control)');
    expect(checkToolName('a\u2029').refusal).toContain('U+2029 (paragraph separator)');
    for (const ok of ['get invoice', 'é', 'a,b', '']) expect(checkToolName(ok).refusal).toBeNull();
  });

  it('shows each refused character as its \\u escape and leaves the rest', () => {
    expect(showHidden('a\u2028b\u202e\n c')).toBe('a\\u2028b\\u202e\\u000a c');
  });
});
