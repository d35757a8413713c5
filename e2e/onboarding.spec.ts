/**
 * Onboarding end to end: the first-visit guide (once, remembered; never from a permalink, an example link or in an
 * embed), the default case's story, and Help (the header button and `?`): its shortcuts from src/ui/shortcuts.ts, the
 * glossary from the catalog, the version, and Report a problem copying the case's Markdown report.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_ENTRIES, CONVERTER_ENTRIES, POLICY_ENTRIES } from '../src/engine/contract/catalog.ts';
import { PACKAGE_VERSIONS } from '../src/engine/contract/versions.ts';
import { DEFAULT_STORY } from '../src/examples/default-story.ts';
import { decodePermalink } from '../src/state/permalink.ts';
import { SHORTCUTS } from '../src/ui/shortcuts.ts';
import { expect, openCase, openLink, test } from './fixtures.ts';

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };

async function openFresh(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms|First verdict/, { timeout: 30_000 });
}

test('a first visit shows the guide once: the four panes, what to try, the README; dismissed, it stays away', async ({ page }) => {
  await openFresh(page);
  const guide = page.getByTestId('guide');
  await expect(guide).toBeVisible();
  for (const pane of ['Listed JSON Schema', 'Undeclared keys by policy', 'Strict client verdict', 'Real SDKs']) await expect(guide).toContainText(pane);
  await expect(guide).toContainText('edit the answer');
  await expect(guide).toContainText('README');
  // The default case tells its story like an example.
  await expect(page.getByTestId('example-strip')).toContainText(DEFAULT_STORY.title);
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('status')).toContainText(/Evaluated in|First verdict/, { timeout: 30_000 });
  await expect(page.getByTestId('guide')).toHaveCount(0);
});

test('no guide on a page opened from a permalink, an example link, or in an embed', async ({ page }) => {
  await openCase(page, {});
  await expect(page.getByTestId('guide')).toHaveCount(0);
  await openLink(page, '#example/copilot-extra-key');
  await expect(page.getByTestId('guide')).toHaveCount(0);
  await page.goto('/?embed');
  await expect(page.getByTestId('status')).toContainText(/Evaluated in|First verdict/, { timeout: 30_000 });
  await expect(page.getByTestId('guide')).toHaveCount(0);
});

test('Help opens from the header and with ?, and lists the shortcuts, the glossary and the version', async ({ page }) => {
  await openCase(page, {});
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toBeVisible();
  const shortcuts = help.getByTestId('help-shortcuts');
  for (const s of SHORTCUTS) await expect(shortcuts).toContainText(`${s.keys}${s.does}`);
  for (const [id, entries] of [['converters', CONVERTER_ENTRIES], ['policies', POLICY_ENTRIES], ['clients', CLIENT_ENTRIES]] as const) {
    for (const e of entries) await expect(help.getByTestId(`help-${id}`)).toContainText(`${e.title}${e.summary}`);
  }
  await expect(help.getByTestId('help-version')).toContainText(`MCP Schema Playground ${version}`);
  for (const [pkg, v] of Object.entries(PACKAGE_VERSIONS)) await expect(help).toContainText(`${pkg} ${v}`);
  await expect(help.getByTestId('help-docs')).toContainText('README.md');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  // `?` typed in a text field is text, not a shortcut.
  const tool = page.getByRole('textbox', { name: 'Tool', exact: true });
  await tool.click();
  await page.keyboard.press('End');
  await page.keyboard.type('?');
  await expect(help).toHaveCount(0);
  await expect(tool).toHaveValue('get_invoice?');
  // Outside any field it opens Help.
  await page.locator('h1').click();
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
});

test('Report a problem copies the Markdown report of the case on screen', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openCase(page, { tool: 'report_me' });
  await expect(page.getByTestId('status')).toContainText(/Evaluated in \d+ ms/);
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await help.getByRole('button', { name: /Report a problem/ }).click();
  await expect(help.getByTestId('help-report-status')).toHaveText('Bug report copied');
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toMatch(/^# `report_me`: /);
  const link = /Open the case in MCP Schema Playground: <([^>]+)>/.exec(markdown)?.[1] ?? '';
  expect(decodePermalink(new URL(link).hash)).toMatchObject({ ok: true, state: { tool: 'report_me' } });
  await help.getByRole('button', { name: 'Close' }).click();
});
