/**
 * The agency profile's rules (docs/agency.md#profile): what an admin may save in «Agencia», each
 * refusal a Spanish sentence at its field (`hours.6`, `closures.1.to`, `address.postalCode`). The
 * console checks as the admin types and the server checks again before saving (one schema).
 * Phones are read by src/domain/phone.ts and stored in E.164; e-mails by src/domain/email.ts.
 */
import { z } from 'zod'
import { phoneE164 } from '../domain/phone'
import { isValidEmail } from '../domain/email'
import type { AgencyProfile, Closure } from './agency'
import { contrastWarnings, type SettingsIssue } from './widget-settings'
import type { CustomWidgetConfig, WidgetColorKey } from '../protocol'
import { imageUrl } from './images'

/** Weekday names by number, 0 = Sunday (as `AgencyProfile.hours`). */
export const WEEKDAYS_ES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const
const DAY_MINUTES = 24 * 60

/** "09:30" -> 570; null when it is no time of day. */
export function minutesOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim())
  if (!match) return null
  const [hours, minutes] = [Number(match[1]), Number(match[2])]
  return hours <= 24 && minutes < 60 && hours * 60 + minutes <= DAY_MINUTES ? hours * 60 + minutes : null
}

/** 570 -> "09:30", as a time field holds it. */
export const timeText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** A calendar date "YYYY-MM-DD" that exists (no 31 of February). */
const isDate = (text: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === text
}

const text = (max: number, empty: string, long: string) => z.string(empty).trim().min(1, empty).max(max, long)
const optionalText = (max: number, long: string) => z.string().trim().max(max, long)

const phone = (what: string) =>
  z
    .string(`Escribe ${what}.`)
    .trim()
    .min(1, `Escribe ${what}.`)
    .transform((value, ctx) => {
      const e164 = phoneE164(value)
      if (e164) return e164
      ctx.addIssue({ code: 'custom', message: `«${value}» no es un número de teléfono: escribe 10 dígitos (998 555 0142) o la lada internacional (+1 305 555 0199).` })
      return z.NEVER
    })

const email = (what: string) =>
  z
    .string(`Escribe ${what}.`)
    .trim()
    .min(1, `Escribe ${what}.`)
    .max(200, 'El correo admite hasta 200 caracteres.')
    .refine(isValidEmail, { message: 'Escribe un correo válido, por ejemplo hola@agencia.mx.' })
    .transform((value) => value.toLowerCase())

/** `#131844`: what a colour field gives, and what the site's stylesheet and the widget accept. */
const hexColor = (what: string) => z.string(`Elige ${what}.`).trim().regex(/^#[0-9a-fA-F]{6}$/, `${what[0]!.toUpperCase()}${what.slice(1)} debe ser un color como #131844.`).transform((v) => v.toLowerCase())

/** A stored photo (the console's upload, docs/photos.md) or a content image. */
export const LOGO_PATH = /^\/(photos\/[0-9a-f]{64}\.(jpg|png|webp)|images\/[\w./-]+\.(svg|png|jpg|webp))$/

const hours = z.union(
  [
    z.null(),
    z.tuple([z.number().int().min(0).max(DAY_MINUTES), z.number().int().min(0).max(DAY_MINUTES)]),
  ],
  'Escribe la hora de apertura y la de cierre, o marca el día como cerrado.',
)

/**
 * A week of hours, Sunday at 0: the office's (it opens and closes), or a person's duty hours (a
 * shift starts and ends; docs/console.md#routing). Checked on the list itself, so a wrong hour
 * shows even while another field is wrong too.
 */
export const weekHoursSchema = (kind: 'office' | 'duty') =>
  z
    .array(hours)
    .length(7, 'El horario tiene los siete días de la semana.')
    .superRefine((week, ctx) => {
      week.forEach((day, weekday) => {
        if (!day || day[0] < day[1]) return
        const [from, to] = [timeText(day[0]), timeText(day[1])]
        const message = kind === 'office' ? `El ${WEEKDAYS_ES[weekday]} cierra (${to}) antes de abrir (${from}).` : `El ${WEEKDAYS_ES[weekday]} el turno termina (${to}) antes de empezar (${from}).`
        ctx.addIssue({ code: 'custom', path: [weekday], message })
      })
    })

const closure = z.object({
  from: z.string('Escribe la fecha de inicio.').refine(isDate, 'Escribe la fecha de inicio (día, mes y año).'),
  to: z.string('Escribe la fecha de fin.').refine(isDate, 'Escribe la fecha de fin (día, mes y año).'),
  label: text(80, 'Escribe el motivo (por ejemplo «Navidad»).', 'El motivo admite hasta 80 caracteres.'),
})

/** The profile as an admin saves it: unknown keys refused, texts trimmed, phones in E.164. */
export const agencyProfileSchema = z
  .object({
    name: text(80, 'Escribe el nombre de la agencia.', 'El nombre admite hasta 80 caracteres.'),
    logo: z.string().regex(LOGO_PATH, 'El logo debe ser una imagen subida aquí (JPEG, PNG o WebP).').nullable(),
    colors: z.object({ primary: hexColor('el color principal'), accent: hexColor('el color de acento') }).strict(),
    phone: phone('el teléfono de la agencia'),
    whatsapp: phone('el número de WhatsApp'),
    email: email('el correo de la agencia'),
    privacyEmail: email('el correo para los datos personales (aviso de privacidad)'),
    address: z
      .object({
        street: text(120, 'Escribe la calle y el número.', 'La calle admite hasta 120 caracteres.'),
        locality: text(80, 'Escribe la ciudad.', 'La ciudad admite hasta 80 caracteres.'),
        region: text(80, 'Escribe el estado.', 'El estado admite hasta 80 caracteres.'),
        postalCode: z.string().trim().regex(/^\d{5}$/, 'El código postal son 5 dígitos.'),
        country: z.string().trim().regex(/^[A-Z]{2}$/, 'El país es su código de dos letras, por ejemplo MX.'),
        lat: z.number('La latitud es un número.').min(-90, 'La latitud va de -90 a 90.').max(90, 'La latitud va de -90 a 90.').nullable(),
        lng: z.number('La longitud es un número.').min(-180, 'La longitud va de -180 a 180.').max(180, 'La longitud va de -180 a 180.').nullable(),
      })
      .strict()
      .superRefine((address, ctx) => {
        if ((address.lat === null) !== (address.lng === null)) {
          ctx.addIssue({ code: 'custom', path: [address.lat === null ? 'lat' : 'lng'], message: 'El punto del mapa necesita latitud y longitud (o ninguna).' })
        }
      }),
    social: z
      .array(
        z
          .object({
            network: text(40, 'Escribe el nombre de la red (Facebook, Instagram…).', 'El nombre de la red admite hasta 40 caracteres.'),
            url: z.url({ protocol: /^https?$/, error: 'Escribe la dirección completa (https://…).' }).max(300, 'La dirección admite hasta 300 caracteres.'),
          })
          .strict(),
      )
      .max(10, 'Hasta 10 redes sociales.'),
    languages: z
      .array(z.string().trim().regex(/^[a-z]{2,3}$/, 'Cada idioma es su código de dos letras: es, en, fr…'))
      .min(1, 'Escribe al menos un idioma (es).')
      .max(10, 'Hasta 10 idiomas.')
      .transform((list) => [...new Set(list)]),
    // Checked on the lists themselves, so a wrong hour shows even while another field is wrong too.
    hours: weekHoursSchema('office'),
    closures: z
      .array(closure.strict())
      .max(100, 'Hasta 100 días cerrados.')
      .superRefine((closures, ctx) => {
        closures.forEach((closure, index) => {
          if (closure.from > closure.to) {
            ctx.addIssue({ code: 'custom', path: [index, 'to'], message: 'La fecha de fin es anterior a la de inicio.' })
            return
          }
          const other = closures.findIndex((o, i) => i < index && o.from <= o.to && o.from <= closure.to && closure.from <= o.to)
          if (other >= 0) ctx.addIssue({ code: 'custom', path: [index, 'from'], message: `Estas fechas se cruzan con «${closures[other]!.label}»: júntalas en una.` })
        })
      }),
    notice: optionalText(300, 'La nota admite hasta 300 caracteres.')
      .nullable()
      .transform((value) => value || null),
    routing: z
      .object({
        answerMinutes: z
          .number('Escribe los minutos para responder.')
          .int('Escribe los minutos para responder en minutos enteros.')
          .min(1, 'El tiempo para responder es de al menos 1 minuto.')
          .max(60, 'El tiempo para responder es de hasta 60 minutos.'),
        maxOpenPerPerson: z
          .number('Escribe cuántas conversaciones abiertas puede llevar cada persona.')
          .int('Escribe un número entero de conversaciones.')
          .min(1, 'Cada persona lleva al menos 1 conversación.')
          .max(50, 'Hasta 50 conversaciones abiertas por persona.'),
      })
      .strict()
      .optional(),
  })
  .strict()

export type AgencyProfileInput = z.input<typeof agencyProfileSchema>

/** GET and PUT /consola/api/agency/profile: the stored profile, the revision a save names, the brand colours' warnings. */
export interface AgencyProfileAnswer {
  body: AgencyProfile
  revision: number
  updatedAt: string
  updatedBy: string | null
  warnings: SettingsIssue[]
}
// The schema's output is the stored profile exactly (compile-time check).
const _same: AgencyProfile = {} as z.output<typeof agencyProfileSchema>
void _same

/** Closures from the first to start (the editor's order and the stored one). */
export const sortedClosures = (closures: readonly Closure[]) => [...closures].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))

/**
 * The widget's colours an agency's brand gives (docs/agency.md#widget): the header and send
 * button in the primary colour, the visitor's messages in the accent; an instance's own settings
 * («Ajustes del chat») still win key by key.
 */
export function brandWidgetColors(colors: AgencyProfile['colors']): Partial<Record<WidgetColorKey, string>> {
  return { headerColor: colors.primary, sendButtonColor: colors.primary, sendButtonHoverColor: colors.primary, userMessageColor: colors.accent }
}

/** The header's logo width: 240 px covers a 40 px high logo on a sharp screen (an allowed proxy width). */
const WIDGET_LOGO_WIDTH = 240

/**
 * What the agency gives every widget's configuration (docs/agency.md#widget): its brand colours,
 * its name and logo for the header. The server lays an instance's saved settings over it.
 */
export function agencyWidgetConfig(profile: AgencyProfile): CustomWidgetConfig {
  return { ...brandWidgetColors(profile.colors), agencyName: profile.name, ...(profile.logo ? { agencyLogo: imageUrl(profile.logo, WIDGET_LOGO_WIDTH) } : {}) }
}

/** Which profile colour each widget colour comes from, for the contrast warnings. */
const COLOR_FIELD: Partial<Record<string, 'colors.primary' | 'colors.accent'>> = {
  headerColor: 'colors.primary',
  sendButtonColor: 'colors.primary',
  sendButtonHoverColor: 'colors.primary',
  userMessageColor: 'colors.accent',
}

/**
 * The widget settings' contrast check (shared/widget-settings.ts) on the brand colours: white text
 * on the header, the send button and the visitor's messages must reach 4.5:1. Warnings: they do
 * not stop a save, as in «Ajustes del chat».
 */
export function brandContrastWarnings(colors: AgencyProfile['colors']): SettingsIssue[] {
  const config: CustomWidgetConfig = brandWidgetColors(colors)
  const seen = new Set<string>()
  return contrastWarnings(config).flatMap((warning) => {
    const field = COLOR_FIELD[warning.field]
    if (!field || seen.has(warning.message)) return []
    seen.add(warning.message)
    return [{ field, message: warning.message }]
  })
}
