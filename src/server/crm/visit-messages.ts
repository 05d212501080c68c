/**
 * What the visitor's widget says when a person books, moves, confirms or cancels their visit
 * (docs/behaviour.md#visits). Pure: the slot is written in Cancún time relative to `now`.
 */
import { formatSlot } from '../chat/agent/schedule'

export type VisitChange = 'booked' | 'moved' | 'confirmed' | 'cancelled'

/** « a «Casa en Huayacán»» when the visit is to a known property. */
const toProperty = (title: string | null) => (title ? ` a «${title}»` : '')

export function visitMessage(change: VisitChange, visit: { at: string; propertyTitle: string | null }, now: Date): string {
  const when = formatSlot(new Date(visit.at), now)
  const where = toProperty(visit.propertyTitle)
  switch (change) {
    case 'booked':
      return `Listo, agendamos tu visita${where} para el **${when}**. Si necesitas cambiarla, escríbenos aquí.`
    case 'moved':
      return `Cambiamos tu visita${where}: ahora es el **${when}**. Si no te acomoda, escríbenos aquí.`
    case 'confirmed':
      return `Tu visita${where} del **${when}** está confirmada. ¡Te esperamos!`
    case 'cancelled':
      return `Cancelamos tu visita${where} del ${when}. Si quieres agendar otra, escríbenos aquí.`
  }
}
