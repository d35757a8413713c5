/**
 * Why the sandbox frame loaded without saying hello. A browser that refuses a frame (X-Frame-Options,
 * frame-ancestors) or a server that answers with another page gives the parent no error event, and the frame's
 * contents are out of reach (opaque origin). What the app can know: a Content-Security-Policy violation of its own
 * page (frame-src), and what the server answers when the app fetches sandbox.html itself. The reasons below say only
 * what one of those shows; when neither shows one, nothing is reported here.
 */
import { messageOf } from '../engine/lib/message.ts';

/** How every such message starts (the status line shows it as it is, not as a crash of the worker). */
export const FRAME_NOT_LOADED = 'the sandbox frame (sandbox.html) could not load';

const SEE_DOCS = 'See docs/deploy.md';

/** What the server answered for sandbox.html, and whether the app page is itself framed (an embed). */
export interface FrameAnswer {
  status: number;
  headers: { get(name: string): string | null };
  body: string;
  framed: boolean;
}

/** The frame page's own title: a page without it is some other page (an SPA fallback, an error page). */
const FRAME_PAGE_MARK = /<title>Evaluation sandbox<\/title>/;

/** The sources of a Content-Security-Policy header's `frame-ancestors` directives (several policies: comma-separated). */
function frameAncestors(csp: string | null): string[][] {
  if (!csp) return [];
  return csp
    .split(/[,;]/)
    .map((d) => d.trim().split(/\s+/))
    .filter(([name]) => name?.toLowerCase() === 'frame-ancestors')
    .map(([, ...sources]) => sources.map((s) => s.toLowerCase()));
}

/**
 * Whether these headers forbid framing the page where it is framed: by the app (same origin), and in an embed by
 * another origin too. A `frame-ancestors` directive, where there is one, overrides X-Frame-Options (CSP 3).
 */
function forbidsFraming(headers: FrameAnswer['headers'], framed: boolean): boolean {
  const policies = frameAncestors(headers.get('content-security-policy'));
  // Every policy must allow it; `*` allows any http(s) ancestor, 'self' the app's own origin only.
  if (policies.length > 0) return policies.some((sources) => !sources.includes('*') && (framed || !sources.includes("'self'")));
  const xfo = headers.get('x-frame-options')?.trim().toLowerCase();
  return xfo === 'deny' || (xfo === 'sameorigin' && framed);
}

/**
 * The reason an answer shows, as the message the app gives (without a final period), or null when it shows none: a
 * healthy deployment answers so, and a frame merely slower than the grace must not be reported as broken.
 */
export function frameFailureOf(a: FrameAnswer): string | null {
  if (a.status === 404) return `${FRAME_NOT_LOADED}: the server answers 404 Not Found for it (deploy the whole dist/ folder: sandbox.html belongs beside index.html). ${SEE_DOCS}`;
  if (a.status < 200 || a.status > 299) return `${FRAME_NOT_LOADED}: the server answers HTTP ${a.status} for it. ${SEE_DOCS}`;
  if (forbidsFraming(a.headers, a.framed)) return `${FRAME_NOT_LOADED}: the server forbids framing it (X-Frame-Options / frame-ancestors). ${SEE_DOCS}`;
  if (!FRAME_PAGE_MARK.test(a.body)) return `${FRAME_NOT_LOADED}: the server answers with another page for it, not the playground's sandbox.html (a fallback to index.html?). ${SEE_DOCS}`;
  return null;
}

/** Why the frame at `page` did not say hello: the page's own frame-src first (a fact), else what fetching it shows (null: nothing). */
export async function whyFrameFailed(page: string, frameSrcBlocked: boolean): Promise<string | null> {
  if (frameSrcBlocked) return `${FRAME_NOT_LOADED}: this page's Content-Security-Policy (frame-src) blocks it. ${SEE_DOCS}`;
  try {
    const r = await fetch(page, { cache: 'no-store' });
    return frameFailureOf({ status: r.status, headers: r.headers, body: await r.text(), framed: window.parent !== window });
  } catch (e) {
    return `${FRAME_NOT_LOADED}, and fetching it failed too (${messageOf(e)}). ${SEE_DOCS}`;
  }
}

/** The page's CSP violations that block a frame, kept from the moment the channel opens. */
function createViolationLog(doc: Document): { frameSrcBlocked(page: string): boolean; dispose(): void } {
  const blocked: string[] = [];
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (['frame-src', 'child-src', 'default-src'].includes(e.effectiveDirective)) blocked.push(e.blockedURI);
  };
  doc.addEventListener('securitypolicyviolation', onViolation);
  const pathOf = (url: string) => {
    try {
      return new URL(url, doc.baseURI).pathname;
    } catch {
      return null;
    }
  };
  return {
    frameSrcBlocked: (page) => blocked.some((uri) => pathOf(uri) === pathOf(page)),
    dispose: () => doc.removeEventListener('securitypolicyviolation', onViolation),
  };
}

/** Watches each mounted frame for its hello (`ready`); the current one's silence is looked into and reported once. */
export interface HelloWatch {
  /** A new frame, now the current one (its load event starts the grace). */
  watch(frame: HTMLIFrameElement): void;
  /** The current frame said hello: nothing to report (also after a report: the frame then boots as usual). */
  heard(): void;
  dispose(): void;
}

/**
 * The frame's script runs while its page parses and says hello then, before its load event; `graceMs` after that
 * event covers the two messages crossing processes. Past it, `failed` gets the reason (whyFrameFailed).
 */
export function helloWatch(page: string, graceMs: number, failed: (why: string) => void): HelloWatch {
  const violations = createViolationLog(document);
  let current: HTMLIFrameElement | null = null;
  let heard = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const onLoad = (frame: HTMLIFrameElement) => {
    if (heard || frame !== current) return;
    stop();
    timer = setTimeout(() => {
      timer = null;
      // No reason found: nothing is said, and the evaluator's own deadline covers a frame that never answers.
      void whyFrameFailed(page, violations.frameSrcBlocked(page)).then((why) => why !== null && frame === current && !heard && failed(why));
    }, graceMs);
  };
  return {
    watch(frame) {
      stop();
      current = frame;
      heard = false;
      frame.addEventListener('load', () => onLoad(frame));
    },
    heard() {
      heard = true;
      stop();
    },
    dispose() {
      stop();
      current = null;
      violations.dispose();
    },
  };
}
