/** What the UI says where a link would be but the case is too large for one (src/state/permalink.ts, `tooLargeForLink`). */
import type { Case } from '../engine/case.ts';
import { describeTooLarge, type LinkEncoder, MAX_DECODED_BYTES, type TooLarge } from '../state/linkEncoder.ts';

/** The sentences, one per place that would have used the link. */
export const TOO_LARGE = {
  /** The note beside the status line while the case is this large. */
  note: (t: TooLarge, embed: boolean): string =>
    embed ? `${describeTooLarge(t)}, so it cannot be opened in the full playground.` : `${describeTooLarge(t)}; it is not in the address bar or autosaved.`,
  /** Share (Ctrl/Cmd+S): nothing was copied. */
  share: (t: TooLarge, embed: boolean): string =>
    embed ? `${describeTooLarge(t)}: nothing was copied.` : `${describeTooLarge(t)}: nothing was copied. Export › Download case JSON saves it.`,
  /** Why Export › Copy link is off. */
  copyLink: (t: TooLarge): string => `${describeTooLarge(t)}; Download case JSON saves it.`,
  /** Why Export › Copy Markdown bug report is off (the report links to the case). */
  bugReport: (t: TooLarge): string => `${describeTooLarge(t)}, and a bug report links to its case; Download case JSON saves it.`,
};

/** The too-large size of the case, or null when a link carries it (a selector over the page's encoder: cheap, and a number or null). */
export function selectTooLargeBytes(links: Pick<LinkEncoder, 'tooLargeForLink'>): (s: Case) => number | null {
  return (s) => links.tooLargeForLink(s)?.bytes ?? null;
}

/** The size a selector returned, as `TOO_LARGE` takes it. */
export function tooLargeOf(bytes: number): TooLarge {
  return { bytes, maxBytes: MAX_DECODED_BYTES };
}
