/**
 * The Ajv that SDK 1.20.2's Client compiles with: its own dependency (`ajv` ^6), which npm nests under the alias, read
 * from that installed package (test/worlds-ajv.test.ts resolves it from the SDK as Node does).
 */
import ajv from '../../../node_modules/mcp-sdk-1.20/node_modules/ajv/package.json' with { type: 'json' };

export const ajvVersion: string = ajv.version;
