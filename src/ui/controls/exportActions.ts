/** What the Export menu offers: a registry of actions, each saying when it cannot run and what it did. */
import { reproductionUnavailable, type ReproForm, type ReproSdk } from '../../export/availability.ts';
import { REAL_SDK_ENTRIES, titleOf } from '../../engine/contract/catalog.ts';
import type { Report } from '../../engine/report.ts';
import { checkToolName } from '../../engine/tool-name.ts';
import { type PlaygroundState } from '../../state/store.ts';
import { copyText } from '../clipboard.ts';
import { TOO_LARGE, selectTooLargeBytes, tooLargeOf } from '../linkSize.ts';
import type { AppServices } from '../storeContext.ts';
import { engineCaseOf, normalizeCase } from '../../engine/case.ts';
import type { LinkEncoder, TooLarge } from '../../state/linkEncoder.ts';

/** What an export asks of the page's link encoder. */
type Links = Pick<LinkEncoder, 'tooLargeForLink'>;

/** One export. */
export interface ExportAction {
  id: string;
  label: string;
  /** Why it cannot run now, or null when it can (`links`: the page's encoder, which knows a case too large for a link). */
  unavailable(s: PlaygroundState, links: Links): string | null;
  /** Does it; resolves to the notice to show. */
  run(s: PlaygroundState, services: AppServices): Promise<string>;
}

/** A report that matches the editors (a stale one would describe another case), or why there is none. */
function finished(s: PlaygroundState): { report: Report; why: null } | { report: null; why: string } {
  return s.run.kind === 'done' && s.report ? { report: s.report, why: null } : { report: null, why: 'Available once the evaluation of this case has finished.' };
}

/** Why an export that needs the link is off: `say` of the case's size when it is too large for one, else null. */
function tooLarge(s: PlaygroundState, links: Links, say: (t: TooLarge) => string): string | null {
  const bytes = selectTooLargeBytes(links)(s);
  return bytes === null ? null : say(tooLargeOf(bytes));
}

async function copied(text: string, what: string): Promise<string> {
  return (await copyText(text)) ? `${what} copied` : `Copy failed: ${what.toLowerCase()} could not be written to the clipboard`;
}

/** The Vitest forms in the menu: the test to keep in CI first, today's outcome pinned second. */
const VITEST_FORMS: Record<ReproForm, { id: string; label: (sdk: string) => string }> = {
  accepts: { id: '', label: (sdk) => `Copy Vitest test: the client accepts this answer (${sdk})` },
  pin: { id: '-pin', label: (sdk) => `Copy Vitest test: pin current behaviour (${sdk})` },
};

function vitest(sdk: ReproSdk, form: ReproForm): ExportAction {
  const title = titleOf(REAL_SDK_ENTRIES, sdk);
  return {
    id: `vitest-${sdk}${VITEST_FORMS[form].id}`,
    label: VITEST_FORMS[form].label(title),
    unavailable: (s) => {
      // The name on screen is refused whatever the run says, so that reason comes first.
      const refusal = checkToolName(s.tool).refusal;
      if (refusal) return refusal;
      const { report, why } = finished(s);
      return report ? reproductionUnavailable(report, sdk) : why;
    },
    // The generators load on the click: the page's first verdict does not wait for them.
    run: async (s) => {
      const { vitestReproduction } = await import('../../export/vitest.ts');
      return copied(vitestReproduction(s, s.report as Report, { sdk, form }), `Vitest test (${title})`);
    },
  };
}

/** The exports, in menu order. */
export const EXPORTS: readonly ExportAction[] = [
  {
    id: 'link',
    label: 'Copy link',
    unavailable: (s, links) => tooLarge(s, links, TOO_LARGE.copyLink),
    run: async (_s, services) => {
      const link = services.link();
      return link.ok ? copied(link.url, 'Link') : link.message;
    },
  },
  {
    id: 'markdown',
    label: 'Copy Markdown bug report',
    unavailable: (s, links) => finished(s).why ?? tooLarge(s, links, TOO_LARGE.bugReport),
    run: async (s, services) => {
      const link = services.link();
      if (!link.ok) return link.message;
      const { bugReportMarkdown } = await import('../../export/markdown.ts');
      return copied(bugReportMarkdown(s, s.report as Report, { converter: s.converter, client: s.client, permalink: link.url }), 'Bug report');
    },
  },
  {
    id: 'json',
    label: 'Download case JSON',
    unavailable: () => null,
    run: async (s) => {
      download(`${fileStem(s.tool)}.case.json`, `${JSON.stringify(engineCaseOf(s), null, 2)}\n`);
      return 'Case downloaded (npm run evaluate -- <file> reads it)';
    },
  },
  vitest('v1', 'accepts'),
  vitest('v2', 'accepts'),
  vitest('v1', 'pin'),
  vitest('v2', 'pin'),
];

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  // Revoked later: Chromium reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileStem(tool: string): string {
  return tool.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').slice(0, 60) || 'case';
}
