/**
 * The agent's knowledge base on the wire (docs/knowledge.md): one entry is a question the agency
 * answers — how visitors ask it (examples, which train the agent's classifier), the answer in
 * each language, with {placeholders} for the agency's facts (src/shared/agency-placeholders.ts),
 * and whether an adviser is offered after it. The console's form and the server's route check an
 * entry with the same schema, so the messages at each field are the same.
 */
import { z } from 'zod'
import { unknownPlaceholdersMessage } from '../shared/agency-placeholders'

/** Examples and answers are short texts: a chat message, an answer of a few paragraphs. */
const EXAMPLE_MAX = 200
const ANSWER_MAX = 4000
const EXAMPLES_MAX = 40

const examples = z
  .array(z.string().trim().max(EXAMPLE_MAX, `Cada ejemplo puede tener hasta ${EXAMPLE_MAX} caracteres.`))
  .max(EXAMPLES_MAX, `Hasta ${EXAMPLES_MAX} ejemplos.`)
  .transform((list) => [...new Set(list.filter(Boolean))])

const answer = z.string().trim().max(ANSWER_MAX, `La respuesta puede tener hasta ${ANSWER_MAX} caracteres.`)

/** An answer may name the agency's facts, filled when the agent gives it (docs/knowledge.md#placeholders): only those there are. */
function knownPlaceholders(text: string, ctx: z.RefinementCtx) {
  const unknown = unknownPlaceholdersMessage(text)
  if (unknown) ctx.addIssue({ code: 'custom', message: unknown })
}

/** What an admin writes: Spanish required; English optional, but then both its examples and its answer. */
export const knowledgeInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Escribe un tema (por ejemplo «Criptomonedas»).').max(80, 'El tema puede tener hasta 80 caracteres.'),
    examples: z.object({ es: examples, en: examples.default([]) }),
    answer: z.object({
      es: answer.min(1, 'Escribe la respuesta en español.').superRefine(knownPlaceholders),
      en: answer.superRefine(knownPlaceholders).default(''),
    }),
    adviser: z.boolean().default(false),
  })
  .superRefine((entry, ctx) => {
    if (!entry.examples.es.length) ctx.addIssue({ code: 'custom', path: ['examples', 'es'], message: 'Escribe al menos una pregunta de ejemplo en español.' })
    const english = entry.examples.en.length > 0 || entry.answer.en !== ''
    if (english && !entry.examples.en.length) ctx.addIssue({ code: 'custom', path: ['examples', 'en'], message: 'Con respuesta en inglés, escribe también al menos una pregunta en inglés.' })
    if (english && entry.answer.en === '') ctx.addIssue({ code: 'custom', path: ['answer', 'en'], message: 'Con preguntas en inglés, escribe también la respuesta en inglés.' })
  })

export type KnowledgeInput = z.output<typeof knowledgeInputSchema>

/** A stored entry: its name is the agent's intent (the classifier's label), made from the title once. */
export interface KnowledgeEntry extends KnowledgeInput {
  name: string
  updatedAt: string
}

/** A visitor's question the agent did not understand: its text folded, how often, when last. */
export interface UnmatchedQuestion {
  question: string
  count: number
  lastAskedAt: string
}
