/**
 * The agency's facts a text may name instead of writing them (docs/agency.md#placeholders): the
 * site's own pages (./agency-pages.ts) and the agent's knowledge answers (docs/knowledge.md) say
 * {telefono} or {idiomas}, and each is filled from the profile as it is when the page is rendered
 * or the answer given, so a changed phone or list of languages reaches every text without editing
 * it. One set, one filler and one check for both. Pure string helpers: the site's browser entry
 * bundles this module.
 */
import type { SiteIdentity } from './agency'
import { hoursEn, hoursEs } from './office-hours'

/** The placeholders, and what each names (the console's hints). */
export const AGENCY_PLACEHOLDERS = {
  nombre: 'el nombre de la agencia',
  domicilio: 'el domicilio',
  telefono: 'el teléfono',
  correo: 'el correo de contacto',
  'correo-privacidad': 'el correo de privacidad',
  horario: 'el horario de atención',
  idiomas: 'los idiomas que habla el equipo',
} as const

export type AgencyPlaceholder = keyof typeof AGENCY_PLACEHOLDERS

/** The languages a filled text is written in: the site's pages are Spanish, an answer of the agent may be English. */
export type TextLanguage = 'es' | 'en'

/** What fills each placeholder in one language: as read in the text, and inside a link's address (tel: wants E.164). */
export interface AgencyValues {
  text: Record<AgencyPlaceholder, string>
  href: Record<AgencyPlaceholder, string>
}

/** The profile's facts the placeholders name, as every page's payload carries them. */
export type PlaceholderSource = Pick<SiteIdentity, 'name' | 'addressDisplay' | 'phoneDisplay' | 'phone' | 'email' | 'privacyEmail' | 'hours' | 'languages'>

/** One pair of Intl formatters per language: a page render asks for the list on every placeholder fill. */
const languageFormatters = new Map<TextLanguage, { names: Intl.DisplayNames | null; list: Intl.ListFormat }>()

function formattersOf(language: TextLanguage) {
  let formatters = languageFormatters.get(language)
  if (!formatters) {
    let names: Intl.DisplayNames | null = null
    try {
      names = new Intl.DisplayNames([language], { type: 'language' })
    } catch {
      // A runtime without language names says the codes.
    }
    formatters = { names, list: new Intl.ListFormat(language, { type: 'conjunction' }) }
    languageFormatters.set(language, formatters)
  }
  return formatters
}

/** «español e inglés» / «Spanish and English»: the profile's language codes as a sentence says them. */
export function languageList(codes: readonly string[], language: TextLanguage): string {
  const { names, list } = formattersOf(language)
  const name = (code: string) => {
    try {
      return names?.of(code) ?? code
    } catch {
      return code // not a language code's shape (a document older than the profile's check)
    }
  }
  return list.format(codes.map(name))
}

export function agencyValues(site: PlaceholderSource, language: TextLanguage = 'es'): AgencyValues {
  const text: Record<AgencyPlaceholder, string> = {
    nombre: site.name,
    domicilio: site.addressDisplay,
    telefono: site.phoneDisplay,
    correo: site.email,
    'correo-privacidad': site.privacyEmail,
    // The same table and wording as the footer's (es) and the agent's hours answer (en).
    horario: (language === 'en' ? hoursEn : hoursEs)(site.hours).join('; '),
    idiomas: languageList(site.languages, language),
  }
  return { text, href: { ...text, telefono: site.phone } }
}

/** A {name} in a text: the agency's placeholders here, the canned replies' variables (./reply-variables.ts). */
export const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g

const isPlaceholder = (name: string): name is AgencyPlaceholder => Object.hasOwn(AGENCY_PLACEHOLDERS, name)

/** A filler for PostBody: each known {placeholder} replaced by its value, in the text or in a link's address. */
export function placeholderFiller(values: AgencyValues) {
  return (text: string, inHref: boolean) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[inHref ? 'href' : 'text'][name] : whole))
}

/** A link's address in the chat's markdown, `[label](address)`, as the widget reads it (src/widget/markdown.ts). */
const LINK_ADDRESS = /\]\(([^\s()]*)\)/g

/** A chat message's placeholders filled: inside a link's address (`[llámanos](tel:{telefono})`) as the address wants them, elsewhere as read. */
export function fillPlaceholders(text: string, values: AgencyValues): string {
  const fill = placeholderFiller(values)
  let out = ''
  let at = 0
  for (const match of text.matchAll(LINK_ADDRESS)) {
    out += `${fill(text.slice(at, match.index), false)}](${fill(match[1]!, true)})`
    at = match.index + match[0].length
  }
  return out + fill(text.slice(at), false)
}

/** The {names} in a text that are no placeholder, each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !isPlaceholder(name)))]
}

/** The list a hint or an error message offers: «{nombre}, {domicilio}, …». */
export const placeholderList = () => Object.keys(AGENCY_PLACEHOLDERS).map((name) => `{${name}}`).join(', ')

/** What a form says under a text with unknown placeholders (the console's and the server's checks alike), or null. */
export function unknownPlaceholdersMessage(text: string): string | null {
  const unknown = unknownPlaceholders(text)
  if (!unknown.length) return null
  const names = unknown.map((name) => `{${name}}`).join(', ')
  return `${names} ${unknown.length > 1 ? 'no son datos' : 'no es un dato'} de la agencia. Puedes usar ${placeholderList()}.`
}
