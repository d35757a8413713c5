/**
 * The network guard every e2e row runs under (chromium.ts, fixtures.ts): a request or WebSocket beyond this machine
 * fails in the browser and is recorded, so a row whose page tried one fails; this machine's own requests go through.
 */
import { expect, test } from './fixtures.ts';

test('a request or WebSocket beyond this machine fails and is recorded; a local one goes through', async ({ page, external, trap }) => {
  await page.setContent('<p>guard</p>');
  const tried = await page.evaluate(async (local) => {
    const fetched = async (url: string) => {
      try {
        await fetch(url, { mode: 'no-cors' });
        return 'reached';
      } catch {
        return 'failed';
      }
    };
    const socket = await new Promise<string>((resolve) => {
      const ws = new WebSocket('ws://example.com/socket');
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('failed');
    });
    return { named: await fetched('http://example.com/x'), ip: await fetched('http://93.184.216.34/y'), socket, local: await fetched(`${local}/local`) };
  }, trap.url);
  expect(tried).toEqual({ named: 'failed', ip: 'failed', socket: 'failed', local: 'reached' });
  expect(trap.hits).toEqual(['GET /local']);
  expect([...external].sort()).toEqual(['http://93.184.216.34/y', 'http://example.com/x', 'ws://example.com/socket']);
  // Recorded as it should be: emptied, so this row's own teardown check (no request beyond localhost) passes.
  external.length = 0;
});
