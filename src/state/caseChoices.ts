/**
 * What the UI says and builds from the case's version world, answer form and protocol era. The
 * case module (engine/case.ts) holds the fields, their defaults and the normal form, where each is absent when default.
 */
import { caseVersions, normalizeCase, type Case } from '../engine/case.ts';
import { ANSWER_FORMS, DEFAULT_ANSWER_FORM, DEFAULT_PROTOCOL, DEFAULT_VERSIONS, type AnswerForm, type Protocol, type Versions } from '../engine/contract/versions.ts';

/** The choices as a case carries them: each present only when it is not the default (the case module's normal form). */
export function choicesOf(versions: Versions, answerForm: AnswerForm, protocol: Protocol = DEFAULT_PROTOCOL): Pick<Case, 'versions' | 'answerForm' | 'protocol'> {
  const { versions: v, answerForm: f, protocol: p } = normalizeCase({ versions, answerForm, protocol } as Case);
  return { ...(v ? { versions: v } : {}), ...(f ? { answerForm: f } : {}), ...(p ? { protocol: p } : {}) };
}

/** "zod 3.25.76 · SDK 1.20.2": the versions that differ from the defaults (empty for the default world). */
export function describeWorld(c: Case): string {
  const v = caseVersions(c);
  const parts = [
    v.zod !== DEFAULT_VERSIONS.zod ? `zod ${v.zod}` : '',
    v.sdk !== DEFAULT_VERSIONS.sdk ? `SDK ${v.sdk}` : '',
    v.server !== DEFAULT_VERSIONS.server ? `server ${v.server}` : '',
    (c.answerForm ?? DEFAULT_ANSWER_FORM) !== DEFAULT_ANSWER_FORM ? (ANSWER_FORMS.find((f) => f.id === c.answerForm)?.title ?? '') : '',
    (c.protocol ?? DEFAULT_PROTOCOL) !== DEFAULT_PROTOCOL ? `protocol ${c.protocol}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
