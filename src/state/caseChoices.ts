/**
 * The case's version world, answer form (issue 10) and protocol era (issue 21): absent from a case when they are the defaults, so a case of
 * the default world is the same object, link and draft as before versions existed.
 */
import { ANSWER_FORMS, DEFAULT_ANSWER_FORM, DEFAULT_PROTOCOL, DEFAULT_VERSIONS, type AnswerForm, type Protocol, type Versions } from '../engine/contract/versions.ts';
import type { PlaygroundCase } from './playgroundCase.ts';

/** The version keys, in the order they are shown and written. */
export const VERSION_KEYS = ['zod', 'sdk', 'server'] as const;

/** The versions a case runs (the defaults when it names none). */
export function versionsOf(c: Pick<PlaygroundCase, 'versions'>): Versions {
  return c.versions ?? DEFAULT_VERSIONS;
}

/** What the case's answer text is (the default when it names none). */
export function answerFormOf(c: Pick<PlaygroundCase, 'answerForm'>): AnswerForm {
  return c.answerForm ?? DEFAULT_ANSWER_FORM;
}

/** The protocol era the case runs (the default when it names none). */
export function protocolOf(c: Pick<PlaygroundCase, 'protocol'>): Protocol {
  return c.protocol ?? DEFAULT_PROTOCOL;
}

/** True when two version sets name the same versions. */
export function sameVersions(a: Versions, b: Versions): boolean {
  return VERSION_KEYS.every((k) => a[k] === b[k]);
}

/** True when the case runs the default versions, answer form and protocol era. */
export function isDefaultWorld(c: Pick<PlaygroundCase, 'versions' | 'answerForm' | 'protocol'>): boolean {
  return sameVersions(versionsOf(c), DEFAULT_VERSIONS) && answerFormOf(c) === DEFAULT_ANSWER_FORM && protocolOf(c) === DEFAULT_PROTOCOL;
}

/** Only the version keys of `v` (a message or draft may carry more): `v` itself when it has no others, so a selector stays stable. */
export function cleanVersions(v: Versions): Versions {
  return Object.keys(v).length === VERSION_KEYS.length ? v : { zod: v.zod, sdk: v.sdk, server: v.server };
}

/**
 * The choices as a case carries them: each present only when it is not the default. The versions object is the one
 * given (not a copy) when it holds only the version keys: `useShallow(selectCase)` compares it by identity, and a new
 * object on every call loops a render (issue 24 item 1).
 */
export function choicesOf(versions: Versions, answerForm: AnswerForm, protocol: Protocol = DEFAULT_PROTOCOL): Pick<PlaygroundCase, 'versions' | 'answerForm' | 'protocol'> {
  return {
    ...(sameVersions(versions, DEFAULT_VERSIONS) ? {} : { versions: cleanVersions(versions) }),
    ...(answerForm === DEFAULT_ANSWER_FORM ? {} : { answerForm }),
    ...(protocol === DEFAULT_PROTOCOL ? {} : { protocol }),
  };
}

/** The registered-tool choice as a case carries it: present only when set. */
export function registeredOf(c: Pick<PlaygroundCase, 'registered'>): Pick<PlaygroundCase, 'registered'> {
  return c.registered === undefined ? {} : { registered: c.registered };
}

/** True when two cases run different versions or eras, or read the answer differently. */
export function choicesChanged(a: PlaygroundCase, b: PlaygroundCase): boolean {
  return !sameVersions(versionsOf(a), versionsOf(b)) || answerFormOf(a) !== answerFormOf(b) || protocolOf(a) !== protocolOf(b);
}

/** "zod 3.25.76 · SDK 1.20.2": the versions that differ from the defaults (empty for the default world). */
export function describeWorld(c: Pick<PlaygroundCase, 'versions' | 'answerForm' | 'protocol'>): string {
  const v = versionsOf(c);
  const parts = [
    v.zod !== DEFAULT_VERSIONS.zod ? `zod ${v.zod}` : '',
    v.sdk !== DEFAULT_VERSIONS.sdk ? `SDK ${v.sdk}` : '',
    v.server !== DEFAULT_VERSIONS.server ? `server ${v.server}` : '',
    answerFormOf(c) !== DEFAULT_ANSWER_FORM ? (ANSWER_FORMS.find((f) => f.id === answerFormOf(c))?.title ?? '') : '',
    protocolOf(c) !== DEFAULT_PROTOCOL ? `protocol ${protocolOf(c)}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
