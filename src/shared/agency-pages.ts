/**
 * The texts of the site's own pages (docs/agency.md#the-pages): the rules both the console's
 * editor and the site need — which {placeholders} a text may use and what fills them, which links
 * it may hold, the anchors of its headings, and the LFPDPPP checklist of the privacy notice.
 * Pure string helpers: the site's browser entry bundles this module.
 */
import { foldText } from '../domain/fold'
import type { SiteIdentity } from './agency'

/**
 * What a page's text may name instead of writing it: the profile's current values, filled at
 * render time, so a changed name, address or e-mail reaches every page's text without editing it.
 */
export const PAGE_PLACEHOLDERS = {
  nombre: 'el nombre de la agencia',
  domicilio: 'el domicilio',
  telefono: 'el teléfono',
  correo: 'el correo de contacto',
  'correo-privacidad': 'el correo de privacidad',
  horario: 'el horario de atención',
} as const

export type PagePlaceholder = keyof typeof PAGE_PLACEHOLDERS

/** What fills each placeholder: as read in the text, and inside a link's address (tel: wants E.164). */
export interface PageValues {
  text: Record<PagePlaceholder, string>
  href: Record<PagePlaceholder, string>
}

export function pageValues(site: SiteIdentity): PageValues {
  const text: Record<PagePlaceholder, string> = {
    nombre: site.name,
    domicilio: site.addressDisplay,
    telefono: site.phoneDisplay,
    correo: site.email,
    'correo-privacidad': site.privacyEmail,
    horario: site.hoursDisplay.join('; ').toLowerCase(),
  }
  return { text, href: { ...text, telefono: site.phone } }
}

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g

const isPlaceholder = (name: string): name is PagePlaceholder => Object.hasOwn(PAGE_PLACEHOLDERS, name)

/** A filler for PostBody: each known {placeholder} replaced by its value, in the text or in a link's address. */
export function pageFiller(values: PageValues) {
  return (text: string, inHref: boolean) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[inHref ? 'href' : 'text'][name] : whole))
}

/** The {names} in a text that are no placeholder, each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !isPlaceholder(name)))]
}

/** The list an error message offers: «{nombre}, {domicilio}, …». */
export const placeholderList = () => Object.keys(PAGE_PLACEHOLDERS).map((name) => `{${name}}`).join(', ')

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
