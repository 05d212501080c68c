/**
 * The team's canned replies on the wire (docs/console.md#canned-replies): a saved answer a person
 * picks in the composer with «/» and its shortcut. Its text may name the conversation's
 * variables (src/shared/reply-variables.ts); it may carry property cards (listing ids); it is the
 * whole team's (shared) or its author's only. The console's form and the server's routes check a
 * reply with this one schema, so the Spanish messages at each field are the same.
 */
import { z } from 'zod'
import { unknownReplyVariablesMessage } from '../shared/reply-variables'

export const CANNED_LIMITS = { title: 80, shortcut: 30, text: 2000, listings: 5, replies: 500 } as const

/** A shortcut is typed after «/»: letters, digits and hyphens, no spaces. */
const SHORTCUT = /^[\p{L}\p{N}-]+$/u

export const cannedReplyInputSchema = z.object({
  title: z
    .string('Escribe un título.')
    .trim()
    .min(1, 'Escribe un título (por ejemplo «Agendar visita»).')
    .max(CANNED_LIMITS.title, `El título puede tener hasta ${CANNED_LIMITS.title} caracteres.`),
  // A «/» typed before it is the composer's, not the shortcut's.
  shortcut: z
    .string('Escribe un atajo.')
    .trim()
    .transform((text) => text.replace(/^\/+/, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, 'Escribe un atajo (por ejemplo «visita»): en la conversación, «/visita» la elige.')
        .max(CANNED_LIMITS.shortcut, `El atajo puede tener hasta ${CANNED_LIMITS.shortcut} caracteres.`)
        .regex(SHORTCUT, 'El atajo va sin espacios: letras, números y guiones (por ejemplo «visita-sabado»).'),
    ),
  language: z.enum(['es', 'en'], 'Elige el idioma de la respuesta: español o inglés.'),
  text: z
    .string('Escribe el texto de la respuesta.')
    .trim()
    .min(1, 'Escribe el texto de la respuesta.')
    .max(CANNED_LIMITS.text, `El texto puede tener hasta ${CANNED_LIMITS.text} caracteres.`)
    .superRefine((text, ctx) => {
      const unknown = unknownReplyVariablesMessage(text)
      if (unknown) ctx.addIssue({ code: 'custom', message: unknown })
    }),
  /** Ids of catalogue properties whose cards go after the text, in this order. */
  listings: z
    .array(z.string().trim().min(1).max(100), 'Las propiedades no son válidas.')
    .max(CANNED_LIMITS.listings, `Hasta ${CANNED_LIMITS.listings} propiedades por respuesta.`)
    .transform((ids) => [...new Set(ids)])
    .default([]),
  shared: z.boolean('Elige si es para todo el equipo o solo para ti.'),
})

export type CannedReplyInput = z.output<typeof cannedReplyInputSchema>

/** A property card of a reply, as the form lists it: null title when it is no longer published. */
export interface CannedCard {
  id: string
  title: string | null
}

/** A stored reply as a person sees it. */
export interface CannedReply extends Omit<CannedReplyInput, 'listings'> {
  id: string
  listings: CannedCard[]
  authorId: string
  authorName: string
  /** Whether the person asking may change or delete it: its author, or an admin for a shared one. */
  canEdit: boolean
  updatedAt: string
}

/** A reply made ready for one conversation (GET /canned-replies/{id}/fill). */
export interface CannedFill {
  /** The text with the conversation's values in; the variables it has none for as written. */
  text: string
  /** The cards' markdown (the automated agent's card format), in the reply's language. */
  cards: string[]
  /** The variables left in `text` for the person to fill. */
  missing: string[]
  /** How many of the reply's properties are no longer published (their cards are left out). */
  unpublished: number
}
