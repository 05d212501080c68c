/**
 * The agency's public facts (a fictitious demo company): one place for the footer, the WhatsApp
 * link and the structured data, so they never disagree. Pure data and string helpers only: this
 * module is bundled into the browser entry (the layout uses it).
 */
import { capitalized, hoursEs, OFFICE_HOURS, schemaHours } from './office-hours'

export const BUSINESS = {
  name: 'Cancún Propiedades',
  email: 'hola@cancunpropiedades.mx',
  privacyEmail: 'privacidad@cancunpropiedades.mx',
  /** As people write it, and in E.164 for tel: links and schema.org. */
  phoneDisplay: '998 123 4567',
  phoneE164: '+529981234567',
  phoneSchema: '+52 998 123 4567',
  /** WhatsApp number in the form wa.me expects: country code and number, digits only. */
  whatsapp: '529981234567',
  address: {
    streetAddress: 'Av. Bonampak SM 10',
    addressLocality: 'Cancún',
    addressRegion: 'Quintana Roo',
    addressCountry: 'MX',
  },
  /** How the footer reads the address. */
  addressDisplay: 'Av. Bonampak, SM 10, Cancún, Q. Roo',
  /** schema.org openingHours ("Mo-Fr 09:00-19:00") and how people read them, from the one table. */
  openingHours: schemaHours(OFFICE_HOURS),
  openingHoursDisplay: hoursEs(OFFICE_HOURS).map(capitalized),
  social: [
    { network: 'Facebook', url: 'https://www.facebook.com/cancunpropiedades' },
    { network: 'Instagram', url: 'https://www.instagram.com/cancunpropiedades' },
    { network: 'YouTube', url: 'https://www.youtube.com/@cancunpropiedades' },
  ],
} as const

export type SocialNetwork = (typeof BUSINESS.social)[number]['network']

const TITLE_SUFFIX = ` | ${BUSINESS.name}`

/** The page's name as a person would say it: its title without the " | Cancún Propiedades" suffix. */
export function pageName(title: string): string {
  const trimmed = title.trim()
  return trimmed.endsWith(TITLE_SUFFIX) ? trimmed.slice(0, -TITLE_SUFFIX.length).trim() : trimmed
}

/**
 * The pre-filled WhatsApp message of a page, naming it: «Hola, vi la página "…" en el sitio de
 * Cancún Propiedades y me gustaría recibir más información.» The home page says "la página de inicio".
 */
export function whatsappText(title: string, path: string): string {
  const name = pageName(title)
  const page = path === '/' || !name ? 'la página de inicio' : `la página «${name}»`
  return `Hola, vi ${page} en el sitio de ${BUSINESS.name} y me gustaría recibir más información.`
}

/** The wa.me link that opens a chat with the agency, the message pre-filled. */
export function whatsappUrl(text: string): string {
  return `https://wa.me/${BUSINESS.whatsapp}?text=${encodeURIComponent(text)}`
}

/** The advisors (fictitious), shown on /acerca with these anchors and linked as blog authors. */
export const TEAM = [
  {
    id: 'mariana-cetina',
    name: 'Mariana Cetina',
    role: 'Directora comercial',
    bio: 'Quince años vendiendo y rentando casas en Cancún. Conoce cada residencial de Huayacán y del Polígono Sur, y acompaña a las familias desde la primera visita hasta la entrega de llaves.',
    areas: ['Venta residencial', 'Rentas', 'Terrenos'],
  },
  {
    id: 'luis-alberto-pech',
    name: 'Luis Alberto Pech',
    role: 'Asesor de inversión y financiamiento',
    bio: 'Especialista en departamentos de Puerto Cancún y la Zona Hotelera, renta vacacional y créditos Infonavit y bancarios. Te ayuda a comparar rendimientos y mensualidades con números claros.',
    areas: ['Inversión', 'Créditos hipotecarios', 'Renta vacacional'],
  },
  {
    id: 'ana-sofia-villanueva',
    name: 'Ana Sofía Villanueva',
    role: 'Asesora jurídica y de cierre',
    bio: 'Abogada. Revisa contratos de preventa, coordina con notarías la escrituración y guía a compradores extranjeros en el fideicomiso bancario paso a paso.',
    areas: ['Preventa', 'Escrituración', 'Compradores extranjeros'],
  },
] as const
