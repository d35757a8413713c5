/** The versions of the published packages the engine runs (pinned in package.json; test/versions.test.ts checks them). */
export const VERSIONS = {
  zod: '4.6.7',
  '@modelcontextprotocol/sdk': '1.32.2',
  '@modelcontextprotocol/server': '2.4.0',
  '@modelcontextprotocol/client': '2.4.0',
  ajv: '8.20.0',
  '@cfworker/json-schema': '4.1.6',
} as const;
