/**
 * The site's own pages on the wire (docs/agency.md#the-pages): one page's texts as the console
 * saves them. The console's form and the server's route check them with the same schemas, so the
 * message under each field is the same on both sides.
 */
import { z } from 'zod'
import type { AgencyPages } from '../shared/agency'
import { unsafeLinks } from '../shared/agency-pages'
import { unknownPlaceholdersMessage, type AgencyValues } from '../shared/agency-placeholders'

export const PAGE_IDS = ['home', 'about', 'privacy'] as const
export type PageId = (typeof PAGE_IDS)[number]

/** What the console calls each page (its tabs, its messages). */
export const PAGE_LABELS: Record<PageId, string> = { home: 'Inicio', about: 'Acerca de', privacy: 'Aviso de privacidad' }

const BODY_MAX = 50_000

/** A text's {placeholders} and links checked: each wrong one named, with what may be used instead. */
function text(empty: string, max: number) {
  return z
    .string(empty)
    .trim()
    .min(1, empty)
    .max(max, `Puede tener hasta ${max.toLocaleString('es-MX')} caracteres.`)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholdersMessage(value)
      if (unknown) ctx.addIssue({ code: 'custom', message: unknown })
      const links = unsafeLinks(value)
      if (links.length) {
        ctx.addIssue({ code: 'custom', message: `El enlace «${links[0]}» no es válido: usa una página del sitio (/contacto), una dirección https://, mailto: o tel:.` })
      }
    })
}

const line = (empty: string) => text(empty, 160)

export const pageTextSchemas = {
  home: z
    .object({
      headline: line('Escribe el título principal de la página de inicio.'),
      intro: text('Escribe la frase bajo el título.', 400),
      featured: line('Escribe el título de la sección de propiedades destacadas.'),
      developments: line('Escribe el título de la sección de desarrollos.'),
      zones: line('Escribe el título de la sección de zonas.'),
      blog: line('Escribe el título de la sección del blog.'),
    })
    .strict(),
  about: z
    .object({
      intro: text('Escribe la frase bajo el título «Acerca de».', 600),
      body: text('Escribe el texto de la página.', BODY_MAX),
    })
    .strict(),
  privacy: z
    .object({
      intro: text('Escribe el párrafo inicial del aviso.', 1500),
      body: text('Escribe el texto del aviso de privacidad.', BODY_MAX),
    })
    .strict(),
} satisfies Record<PageId, z.ZodType>

/** What a page's editor sends: its texts, and the revision of the pages it started from. */
export const pageSaveSchema = <P extends PageId>(page: P) =>
  z.object({ revision: z.number().int().min(0), text: pageTextSchemas[page] }).strict()

/** One page's texts as the console edits them (privacy's `updated` is set by the server on save). */
export type PageText<P extends PageId> = z.output<(typeof pageTextSchemas)[P]>

/** The pages as the console reads them: the document, its revision, and what fills each placeholder now. */
export interface PagesDocument {
  pages: AgencyPages
  revision: number
  updatedAt: string
  updatedBy: string | null
  values: AgencyValues
}
