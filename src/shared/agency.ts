/**
 * Who the agency is (issue 33, docs/agency.md): its profile and team as the database holds them
 * (src/server/storage/agency-repo.ts, seeded from content/agency.json), and what every page of
 * the site shows of it (`SiteIdentity`, computed once per change by the renderer). Pure data
 * and string helpers only: the site's browser entry bundles this module.
 */
import type { Hours } from './office-hours'

export interface AgencyAddress {
  street: string
  locality: string
  region: string
  postalCode: string
  /** ISO 3166-1 alpha-2, "MX". */
  country: string
  /** The map pin; null until someone sets it. */
  lat: number | null
  lng: number | null
}

export interface SocialLink {
  network: string
  url: string
}

/** A day the office is closed (a holiday, a closure): `from` to `to`, both included, agency dates. */
export interface Closure {
  from: string
  to: string
  label: string
}

export interface AgencyProfile {
  name: string
  /** The logo, a stored photo's path (/fotos/…) or a content image; null: the name is the brand. */
  logo: string | null
  /** The site's and the widget's default colours. */
  colors: { primary: string; accent: string }
  /** E.164, "+529985550142". */
  phone: string
  /** E.164 of the WhatsApp line. */
  whatsapp: string
  email: string
  privacyEmail: string
  address: AgencyAddress
  social: SocialLink[]
  /** BCP 47 codes of the languages the team speaks, "es", "en". */
  languages: string[]
  /** By weekday, 0 = Sunday: opening and closing minutes in Cancún; null: closed. */
  hours: Array<Hours | null>
  closures: Closure[]
  /** A line under the footer (the demo says its content is fictitious); null: none. */
  notice: string | null
  /** How the chat's conversations that need a person reach the team (docs/console.md#routing); absent: ROUTING_DEFAULTS. */
  routing?: RoutingSettings
}

/** The agency's routing settings (docs/console.md#routing), in «Agencia». */
export interface RoutingSettings {
  /** Minutes the person a conversation is offered to has to take it before it is offered to everyone. */
  answerMinutes: number
  /** Open conversations (owned or offered) past which a person is offered no more. */
  maxOpenPerPerson: number
}

/** Two minutes to answer; five conversations at once is what one person follows well in a chat. */
export const ROUTING_DEFAULTS: RoutingSettings = { answerMinutes: 2, maxOpenPerPerson: 5 }

/** The profile's routing settings, a document saved before they existed reading as the defaults. */
export const routingOf = (profile: Pick<AgencyProfile, 'routing'>): RoutingSettings => ({ ...ROUTING_DEFAULTS, ...profile.routing })

/**
 * A person of the agency's team (docs/agency.md#the-team), as /acerca shows them, in the team's
 * order (the array's). Linked to a console account, they are the person the console assigns
 * leads and visits to, and the one a visitor asking the chat for them by name is handed to.
 */
export interface TeamMember {
  /** Its anchor on /acerca, "mariana-cetina". */
  id: string
  name: string
  role: string
  bio: string
  areas: string[]
  /** BCP 47 codes of the languages they speak, "es", "en". */
  languages: string[]
  /** An uploaded photo's path (/photos/<key>) or a content image; null: none. */
  photo: string | null
  /** The console account that is this person; null: none (they cannot be assigned or asked for in the chat). */
  accountId: string | null
}

/**
 * The texts of the site's own pages (docs/agency.md#the-pages): bodies in PostBody's text subset
 * (src/shared/PostBody.tsx), with {placeholders} for what the profile says (src/shared/agency-placeholders.ts).
 */
export interface AgencyPages {
  /** The home page: its headline, the line under it and the headings of its sections. */
  home: { headline: string; intro: string; featured: string; developments: string; zones: string; blog: string }
  /** /acerca: the line under «Acerca de {name}» and the text before the team. */
  about: { intro: string; body: string }
  /** /politica-de-privacidad: the notice's opening line, its sections, and the day it last changed (YYYY-MM-DD, set on save). */
  privacy: { intro: string; body: string; updated: string }
}
/** A stored member as the current shape, whatever version wrote it (photo, languages and account came later). */
export const completeMember = (member: Partial<TeamMember> & Pick<TeamMember, 'id' | 'name'>): TeamMember => ({
  role: '',
  bio: '',
  areas: [],
  languages: [],
  photo: null,
  accountId: null,
  ...member,
})

/** The member a post's author names (its exact name, spaces aside); undefined: not on the team. */
export const teamMemberNamed = (team: readonly TeamMember[], name: string) => team.find((member) => member.name === name.trim())

/** The agency as the site, the widget and the agent read it. */
export interface Agency {
  profile: AgencyProfile
  team: TeamMember[]
  pages: AgencyPages
}

/** What every page of the site shows of the agency: header, footer, WhatsApp link (in each page's payload). */
export interface SiteIdentity {
  name: string
  logo: string | null
  colors: AgencyProfile['colors']
  phoneDisplay: string
  /** E.164, for tel: links. */
  phone: string
  /** Digits only, as wa.me wants them. */
  whatsapp: string
  email: string
  privacyEmail: string
  addressDisplay: string
  /** "Lunes a viernes de 9:00 a 19:00", one line per range of days. */
  hoursDisplay: string[]
  /** The profile's week, for what says it in another language or wording ({horario}: ./agency-placeholders.ts). */
  hours: AgencyProfile['hours']
  /** The profile's language codes ({idiomas}). */
  languages: string[]
  social: SocialLink[]
  notice: string | null
}

/** "Calle 10 Norte 123, Playa del Carmen, Quintana Roo": the address as people read it (footer, agent). */
export const addressDisplay = ({ address }: Pick<AgencyProfile, 'address'>) => [address.street, address.locality, address.region].filter(Boolean).join(', ')

/**
 * The address on a map: Google Maps' documented search URL (developers.google.com/maps/documentation/urls),
 * at the pin when there is one, else by the address's words.
 */
export function mapUrl(profile: Pick<AgencyProfile, 'address'>): string {
  const { lat, lng } = profile.address
  const query = Number.isFinite(lat) && Number.isFinite(lng) ? `${lat},${lng}` : addressDisplay(profile)
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** The closure that covers an agency date ("YYYY-MM-DD"; ISO dates compare as text), or null. */
export function closureOn(closures: readonly Closure[], day: string): Closure | null {
  return closures.find((c) => c.from <= day && day <= c.to) ?? null
}

/** " | {agency name}": what ends every page title. */
export const titleSuffix = (name: string) => ` | ${name}`

/** The page's name as a person would say it: its title without the agency's suffix. */
export function pageName(title: string, agencyName: string): string {
  const trimmed = title.trim()
  const suffix = titleSuffix(agencyName)
  return trimmed.endsWith(suffix) ? trimmed.slice(0, -suffix.length).trim() : trimmed
}

/**
 * The pre-filled WhatsApp message of a page, naming it: «Hola, vi la página "…" en el sitio de
 * {agency} y me gustaría recibir más información.» The home page says "la página de inicio".
 */
export function whatsappText(title: string, path: string, agencyName: string): string {
  const name = pageName(title, agencyName)
  const page = path === '/' || !name ? 'la página de inicio' : `la página «${name}»`
  return `Hola, vi ${page} en el sitio de ${agencyName} y me gustaría recibir más información.`
}

/** The wa.me link that opens a chat with the agency's WhatsApp line (digits only), the message pre-filled. */
export function whatsappUrl(whatsappDigits: string, text: string): string {
  return `https://wa.me/${whatsappDigits}?text=${encodeURIComponent(text)}`
}
