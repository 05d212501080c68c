/**
 * The knowledge form's draft (screens/Knowledge.tsx): examples are written one per line; the
 * entry is checked with the server's own schema (protocol/knowledge.ts), so the messages under
 * each field are the ones the server would answer.
 */
import { issuesToFields, type FieldErrors } from './catalogue-errors'
import { knowledgeInputSchema, type KnowledgeEntry, type KnowledgeInput } from '../protocol/knowledge'

export interface KnowledgeDraft {
  title: string
  examplesEs: string
  examplesEn: string
  answerEs: string
  answerEn: string
  adviser: boolean
}

export const EMPTY_DRAFT: KnowledgeDraft = { title: '', examplesEs: '', examplesEn: '', answerEs: '', answerEn: '', adviser: false }

/** The form's fields by the schema's paths. */
export const DRAFT_FIELDS: Record<string, keyof KnowledgeDraft> = {
  title: 'title',
  'examples.es': 'examplesEs',
  'examples.en': 'examplesEn',
  'answer.es': 'answerEs',
  'answer.en': 'answerEn',
  adviser: 'adviser',
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean)

export function draftOf(entry: KnowledgeEntry): KnowledgeDraft {
  return {
    title: entry.title,
    examplesEs: entry.examples.es.join('\n'),
    examplesEn: entry.examples.en.join('\n'),
    answerEs: entry.answer.es,
    answerEn: entry.answer.en,
    adviser: entry.adviser,
  }
}

/** A question nobody answered, as the start of a new entry. */
export function draftFromQuestion(question: string): KnowledgeDraft {
  return { ...EMPTY_DRAFT, examplesEs: question }
}

/** The entry the draft says, or the message of each field that is wrong (keyed by the draft's fields). */
export function checkDraft(draft: KnowledgeDraft): { ok: true; entry: KnowledgeInput } | { ok: false; errors: Partial<Record<keyof KnowledgeDraft, string>> } {
  const result = knowledgeInputSchema.safeParse({
    title: draft.title,
    examples: { es: lines(draft.examplesEs), en: lines(draft.examplesEn) },
    answer: { es: draft.answerEs, en: draft.answerEn },
    adviser: draft.adviser,
  })
  if (result.success) return { ok: true, entry: result.data }
  return { ok: false, errors: fieldErrors(issuesToFields(result.error.issues)) }
}

/** Field messages by the draft's fields, from the schema's paths (issuesToFields, or the server's `fields`). */
export function fieldErrors(fields: FieldErrors) {
  const errors: Partial<Record<keyof KnowledgeDraft, string>> = {}
  for (const [path, message] of Object.entries(fields)) {
    const field = DRAFT_FIELDS[path] ?? DRAFT_FIELDS[path.split('.').slice(0, 2).join('.')]
    if (field) errors[field] ??= message
  }
  return errors
}
