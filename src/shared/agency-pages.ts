/**
 * The texts of the site's own pages (docs/agency.md#the-pages): the rules both the console's
 * editor and the site need — which links a text may hold, the anchors of its headings, and the
 * LFPDPPP checklist of the privacy notice. The {placeholders} a text may use and what fills them
 * are the agency's, shared with the agent's answers (./agency-placeholders.ts).
 * Pure string helpers: the site's browser entry bundles this module.
 */
import { foldText } from '../domain/fold'

/** `[text](address)`: PostBody's link. */
export const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g

/**
 * Where a text's link may point: a page of the site (/contacto, #section), a web address, an
 * e-mail or a phone number. Anything else (javascript:, data:) is refused by the editor and
 * printed as plain text by the renderer.
 */
export const isSafeHref = (href: string) => /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i.test(href)

/** The link addresses of a text that may not be used. */
export const unsafeLinks = (text: string): string[] => [...text.matchAll(LINK)].map((m) => m[2]!).filter((href) => !isSafeHref(href))


/** A heading's anchor: «6. Derechos ARCO» → "derechos-arco" (a leading number is not part of it). */
export function headingId(heading: string): string {
  return foldText(heading.replace(/^\s*\d+[.)]\s*/, ''))
    .replace(/\{[^}]*\}/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The "## " headings of a body, in order: a page's table of contents. */
export function sectionHeadings(body: string): { id: string; text: string }[] {
  return body
    .split(/\n\s*\n/)
    .filter((block) => block.startsWith('## '))
    .map((block) => block.slice(3).trim())
    .map((text) => ({ id: headingId(text), text }))
}

/**
 * The sections an «aviso de privacidad integral» must have (LFPDPPP art. 16, its Reglamento and
 * the Lineamientos del Aviso de Privacidad), each recognised by the words of a "## " heading. A
 * checklist for the editor, not a judge: it cannot tell whether a section says enough, and a
 * notice with a missing section is still saved (docs/agency.md#the-pages).
 */
export const LFPDPPP_SECTIONS: readonly { id: string; label: string; words: RegExp }[] = [
  { id: 'responsable', label: 'Identidad y domicilio del responsable', words: /responsable/ },
  { id: 'datos', label: 'Datos personales que se recaban', words: /datos (personales )?(que )?(recab|recog|obten|trat)|que datos/ },
  { id: 'finalidades', label: 'Finalidades del tratamiento', words: /finalidades (del tratamiento|primarias)|para que (usamos|utilizamos)/ },
  { id: 'negativa', label: 'Cómo negarse a las finalidades secundarias', words: /negativa|negar/ },
  { id: 'transferencias', label: 'Transferencias de datos', words: /transferencia/ },
  { id: 'arco', label: 'Medios para ejercer los derechos ARCO', words: /\barco\b|acceso, rectificacion/ },
  { id: 'revocacion', label: 'Revocación del consentimiento', words: /revoca/ },
  { id: 'limitar', label: 'Cómo limitar el uso o la divulgación', words: /limita/ },
  { id: 'tecnologias', label: 'Cookies y tecnologías de rastreo', words: /cookie|rastreo|tecnologias/ },
  { id: 'cambios', label: 'Cómo se comunican los cambios al aviso', words: /cambio|modificacion/ },
]

/** Which of the notice's required sections the text has a heading for. */
export function privacyChecklist(body: string): { id: string; label: string; present: boolean }[] {
  const headings = sectionHeadings(body).map((h) => foldText(h.text))
  return LFPDPPP_SECTIONS.map(({ id, label, words }) => ({ id, label, present: headings.some((h) => words.test(h)) }))
}
