// Screenshots for the README's Embedding and Examples sections: two embeds in a docs-like page (1280×900) and the
// Examples menu open (1440×900).
// usage: npx vite build && npx vite preview --port 5174 --strictPort &  npx tsx docs/screenshots-embed.mjs [baseUrl] [outDir]
// Writes <outDir>/embed.png (the whole page) and <outDir>/gallery.png, re-encoded smaller (docs/png-shrink.mjs).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { shrinkPng } from './png-shrink.mjs';

const [base = 'http://localhost:5174/', outDir = '/tmp/screenshots'] = process.argv.slice(2);
const app = new URL(base).origin;

const docsPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs: output schemas</title><style>
body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2328;background:#fff;display:grid;grid-template-columns:240px minmax(0,1fr)}
nav{padding:24px 20px;background:#f6f8fa;border-right:1px solid #d0d7de;min-height:100vh;font-size:14px}
nav b{display:block;margin-bottom:12px}nav a{display:block;color:#0969da;text-decoration:none;padding:3px 0}
main{max-width:760px;padding:8px 40px 40px}h1{font-size:28px;margin:24px 0 8px}code{background:#eff1f3;padding:1px 4px;border-radius:4px}
iframe{display:block;width:100%;border:1px solid #d0d7de;border-radius:8px;margin:12px 0 20px}
</style></head><body><nav><b>MCP server guide</b><a href="#">Tools</a><a href="#">Input schemas</a><a href="#">Output schemas</a><a href="#">Strict clients</a></nav>
<main><h1>Output schemas and strict clients</h1>
<p>A tool's answer ships as <code>structuredContent</code>, and strict clients validate it against the listed schema. One key the schema does not declare is enough to fail:</p>
<iframe id="first" src="${app}/?embed&panes=verdict,listed#example/copilot-extra-key" height="520" loading="lazy" allow="clipboard-write" title="MCP Schema Playground: one extra key"></iframe>
<p>A <code>.default()</code> field is listed as required, but the raw answer leaves it out:</p>
<iframe id="second" src="${app}/?embed&panes=verdict#example/default-listed-required" height="520" loading="lazy" allow="clipboard-write" title="MCP Schema Playground: a .default() field"></iframe>
</main><script>
addEventListener('message', (event) => {
  for (const frame of document.querySelectorAll('iframe')) {
    if (event.source === frame.contentWindow && event.data?.type === 'mcp-schema-playground:resize') frame.style.height = event.data.height + 'px';
  }
});
</script></body></html>`;

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(docsPage);
});
await new Promise((resolve) => server.listen(0, 'localhost', resolve));
const docsUrl = `http://localhost:${server.address().port}/`;

// The e2e suite's Chromium (found as e2e/chromium.ts says) and flags, the network beyond this machine blocked.
const browser = await chromium.launch(chromiumLaunchOptions());
const local = (r) => (/^(https?:\/\/(localhost|127\.0\.0\.1)[:/]|blob:|data:)/.test(r.request().url()) ? r.fallback() : r.abort());
try {
  const docs = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await docs.route('**/*', local);
  await docs.goto(docsUrl);
  for (const id of ['first', 'second']) {
    const frame = await (await docs.$(`iframe#${id}`)).contentFrame();
    await frame.waitForSelector('[data-pane="verdict"] .verdict-row', { timeout: 60_000 });
  }
  // The whole page, laid out at 1280×900 and then captured in one viewport as tall as the page: a full-page capture
  // leaves a cross-origin frame below the fold blank.
  const height = await docs.evaluate(() => document.documentElement.scrollHeight);
  await docs.setViewportSize({ width: 1280, height });
  await docs.waitForTimeout(800);
  writeFileSync(`${outDir}/embed.png`, shrinkPng(await docs.screenshot()));
  console.log(`${outDir}/embed.png`);

  const gallery = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await gallery.route('**/*', local);
  await gallery.goto(`${base}#example/copilot-extra-key`);
  await gallery.waitForFunction(() => window.__playground?.ready() && /Evaluated in/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''), null, { timeout: 60_000 });
  await gallery.getByRole('button', { name: 'Examples' }).click();
  await gallery.getByRole('menuitem').nth(1).hover();
  await gallery.waitForTimeout(500);
  writeFileSync(`${outDir}/gallery.png`, shrinkPng(await gallery.screenshot()));
  console.log(`${outDir}/gallery.png`);
} finally {
  await browser.close();
  server.close();
}
