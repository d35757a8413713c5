/**
 * The Ajv that SDK 1.20.2's Client compiles with: its own dependency (`ajv` ^6), which npm nests under the alias.
 * test/versions.test.ts holds it to that installed package, resolved from the SDK as Node resolves it.
 */
export const ajvVersion = '6.15.0';
