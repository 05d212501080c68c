/**
 * Every sentence of the visitor's e-mails (docs/email.md#messages), in the agency's Spanish (tú,
 * as the chat speaks) and in English for a conversation held in English. Times are the agency's
 * clock (src/domain/agency-clock.ts). Pure.
 */
import { AGENCY_TIME_ZONE } from '../../domain/agency-clock'

export type MailLanguage = 'es' | 'en'

const formats = {
  es: new Intl.DateTimeFormat('es-MX', { timeZone: AGENCY_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  en: new Intl.DateTimeFormat('en-US', { timeZone: AGENCY_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
}
const shortFormats = {
  es: new Intl.DateTimeFormat('es-MX', { timeZone: AGENCY_TIME_ZONE, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  en: new Intl.DateTimeFormat('en-US', { timeZone: AGENCY_TIME_ZONE, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }),
}

/** «sábado, 28 de noviembre de 2026, 11:00» / «Saturday, November 28, 2026 at 11:00 AM»: a visit's time in Cancún. */
export const visitTimeText = (at: string | Date, language: MailLanguage) => formats[language].format(new Date(at))
/** «28 nov, 11:00»: a message's time in a conversation copy. */
export const shortTimeText = (at: string | Date, language: MailLanguage) => shortFormats[language].format(new Date(at))

const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? ''

/** What changed in a visit, as its e-mail tells it. */
export type VisitMailChange = 'booked' | 'confirmed' | 'moved' | 'cancelled' | 'reminder'

export const MAIL_WORDS = {
  es: {
    greeting: (name: string | null) => (firstName(name) ? `Hola, ${firstName(name)}:` : 'Hola:'),
    unsubscribeText: 'No quiero recibir más correos como este',
    timeZone: 'hora de Cancún',
    facts: { property: 'Propiedad', address: 'Dirección', when: 'Fecha y hora', adviser: 'Te atiende', status: 'Estado' },
    office: 'Nuestra oficina',
    pending: 'Por confirmar',
    confirmed: 'Confirmada',
    propertyLink: 'Ver la propiedad',
    invitation: 'Te adjuntamos la invitación para tu calendario.',
    change: 'Si necesitas cambiarla, responde a este correo o escríbenos en el chat del sitio.',
    visit: {
      subject: {
        booked: (when: string, confirmed: boolean) => (confirmed ? `Tu visita está agendada: ${when}` : `Recibimos tu visita: ${when}`),
        confirmed: (when: string) => `Tu visita está confirmada: ${when}`,
        moved: (when: string) => `Cambiamos tu visita: ahora es el ${when}`,
        cancelled: (when: string) => `Cancelamos tu visita del ${when}`,
        reminder: (when: string) => `Recordatorio: tu visita es el ${when}`,
      },
      lead: {
        booked: (where: string, confirmed: boolean) =>
          confirmed ? `Tu visita${where} quedó agendada y confirmada.` : `Tu visita${where} quedó agendada. Un asesor te la confirmará pronto.`,
        confirmed: (where: string) => `Tu visita${where} está confirmada. ¡Te esperamos!`,
        moved: (where: string) => `Cambiamos la fecha de tu visita${where}. Estos son los nuevos datos:`,
        cancelled: (where: string) => `Cancelamos tu visita${where}. Si quieres agendar otra, responde a este correo o escríbenos en el chat del sitio.`,
        reminder: (where: string) => `Te recordamos tu visita${where}:`,
      },
      to: (title: string | null) => (title ? ` a «${title}»` : ''),
      cancelInvitation: 'Te adjuntamos la cancelación para quitarla de tu calendario.',
      eventTitle: (title: string | null, agency: string) => (title ? `Visita: ${title}` : `Visita con ${agency}`),
      eventDescription: (agency: string, adviser: string | null) => `Visita agendada con ${agency}.${adviser ? ` Te atiende ${adviser}.` : ''}`,
    },
    transcript: {
      subject: (agency: string) => `Tu conversación con ${agency}`,
      lead: (agency: string) => `Esta es la copia de tu conversación en el chat de ${agency}, como nos la pediste.`,
      visitor: 'Tú',
      agent: (agency: string) => agency,
      empty: 'La conversación todavía no tiene mensajes.',
      more: 'Si quieres seguir, responde a este correo o escríbenos en el chat del sitio.',
    },
  },
  en: {
    greeting: (name: string | null) => (firstName(name) ? `Hi ${firstName(name)},` : 'Hi,'),
    unsubscribeText: "I don't want to receive more e-mails like this",
    timeZone: 'Cancún time',
    facts: { property: 'Property', address: 'Address', when: 'Date and time', adviser: 'Your adviser', status: 'Status' },
    office: 'Our office',
    pending: 'To be confirmed',
    confirmed: 'Confirmed',
    propertyLink: 'See the property',
    invitation: 'The calendar invitation is attached.',
    change: 'If you need to change it, reply to this e-mail or write to us in the chat on our site.',
    visit: {
      subject: {
        booked: (when: string, confirmed: boolean) => (confirmed ? `Your visit is booked: ${when}` : `We received your visit: ${when}`),
        confirmed: (when: string) => `Your visit is confirmed: ${when}`,
        moved: (when: string) => `Your visit moved: it is now on ${when}`,
        cancelled: (when: string) => `Your visit on ${when} is cancelled`,
        reminder: (when: string) => `Reminder: your visit is on ${when}`,
      },
      lead: {
        booked: (where: string, confirmed: boolean) =>
          confirmed ? `Your visit${where} is booked and confirmed.` : `Your visit${where} is booked. An adviser will confirm it soon.`,
        confirmed: (where: string) => `Your visit${where} is confirmed. See you there!`,
        moved: (where: string) => `We changed the date of your visit${where}. These are the new details:`,
        cancelled: (where: string) => `We cancelled your visit${where}. To book another, reply to this e-mail or write to us in the chat on our site.`,
        reminder: (where: string) => `A reminder of your visit${where}:`,
      },
      to: (title: string | null) => (title ? ` to “${title}”` : ''),
      cancelInvitation: 'The attached cancellation removes it from your calendar.',
      eventTitle: (title: string | null, agency: string) => (title ? `Visit: ${title}` : `Visit with ${agency}`),
      eventDescription: (agency: string, adviser: string | null) => `Visit booked with ${agency}.${adviser ? ` Your adviser: ${adviser}.` : ''}`,
    },
    transcript: {
      subject: (agency: string) => `Your conversation with ${agency}`,
      lead: (agency: string) => `Here is the copy of your conversation in ${agency}'s chat, as you asked.`,
      visitor: 'You',
      agent: (agency: string) => agency,
      empty: 'The conversation has no messages yet.',
      more: 'To carry on, reply to this e-mail or write to us in the chat on our site.',
    },
  },
} as const

export const mailWords = (language: MailLanguage) => MAIL_WORDS[language]
