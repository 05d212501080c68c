/**
 * The utterances the intent classifier is trained on (docs/behaviour.md#agent-understanding), in
 * Mexican Spanish and English: each intent entry's examples (intents/*.ts, docs/agent-data.md).
 * Written for training only: the held-out evaluation (eval/agent) never shares a sentence with
 * them. Add phrasings to the entries, not keyword rules.
 */
import { BUILT_IN_BOOK } from './acts/builtin'

/** The classifier's labels: the names of the entries with examples. */
export const TOPICS: readonly string[] = BUILT_IN_BOOK.topics
export type Topic = string

/** Per topic, and 'none' for messages that say nothing the agent can act on. */
export const CORPUS = BUILT_IN_BOOK.corpus
