/**
 * `check`: the link of a finding, made by the checker itself against the real SDK 2.4.0 test server, opens
 * in the playground with the same verdict the real client reached: the listing as given, the answer as sent.
 */
import { runCheck } from '../src/check/run.ts';
import type { CheckResult } from '../src/check/findings.ts';
import { checkVerdict, expect, openLink, test } from './fixtures.ts';
import { startV2Http } from '../test/check-servers/v2-http.mjs';

// The finding's links open in the app already open, as a user following them does.
test.use({ reuse: true });

test("a finding's link shows the client's same FAIL, and an isError result the v2 clients skip", async ({ page, baseURL }) => {
  const server = await startV2Http();
  let result: CheckResult;
  try {
    const calls = [
      { tool: 'get_invoice', arguments: { id: 'i1' } },
      { tool: 'find_user', arguments: { id: 'nobody' } },
    ];
    const outcome = await runCheck({ target: { kind: 'http', url: server.url }, calls, json: false, junit: null, timeoutMs: 20_000, playground: `${baseURL}/` }, () => undefined);
    if (!outcome.ok) throw new Error(outcome.error);
    result = outcome.result;
  } finally {
    await server.close();
  }
  for (const [tool, client, says] of [
    ['get_invoice', 'sdk-v2-browser', 'Property "costCenter" does not match additional properties schema.'],
    ['find_user', 'sdk-v1', "data must have required property 'name'"],
  ] as const) {
    const t = result.tools.find((x) => x.name === tool);
    const finding = t?.findings.find((f) => f.id === 'call-refused' && f.client === client);
    expect(t?.calls[0]?.verdicts[client].message).toContain(says);
    expect(finding?.link).toMatch(new RegExp(`^${baseURL}/#v1\\.`));
    await openLink(page, new URL(finding?.link ?? '').hash);
    await expect(page.getByRole('textbox', { name: 'Tool' })).toHaveValue(tool);
    await checkVerdict(page, { converter: 'mcp-sdk-v1', policy: 'raw', client, valid: false, says });
  }
  // The find_user link holds the whole isError result: the v2 client skips it there as it did on the wire.
  await checkVerdict(page, { converter: 'mcp-sdk-v1', policy: 'raw', client: 'sdk-v2-node', valid: null });
});
