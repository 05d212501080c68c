/** Office hours; with location, one answer says both (the channels list says both already). */
import { defineIntent } from '../acts/entry'
import { hoursEn, VISIT_HOURS } from '../../../../shared/office-hours'
import { VISIT_HOURS_TEXT } from '../schedule'
import { joinList } from '../text'
import type { AgencyChannels } from '../types'

const VISIT_HOURS_TEXT_EN = joinList(hoursEn(VISIT_HOURS), 'and')

const TEXT = {
  es: {
    hoursAndLocation(kind: { hours: boolean; location: boolean }, c: AgencyChannels): string {
      const lines: string[] = []
      if (kind.location || !kind.hours) lines.push(`Nuestra oficina está en **${c.address}**.`)
      lines.push(`Atendemos ${c.hours.es}.`)
      lines.push(`Las visitas a propiedades se agendan ${VISIT_HOURS_TEXT}. ¿Quieres agendar una?`)
      return lines.join('\n')
    },
  },
  en: {
    hoursAndLocation(kind: { hours: boolean; location: boolean }, c: AgencyChannels): string {
      const lines: string[] = []
      if (kind.location || !kind.hours) lines.push(`Our office is at **${c.address}**.`)
      lines.push(`We are open ${c.hours.en}.`)
      lines.push(`Property visits can be booked ${VISIT_HOURS_TEXT_EN}. Would you like to book one?`)
      return lines.join('\n')
    },
  },
}

/** Shared with location.ts: one answer for both. */
export const HOURS_AND_LOCATION = TEXT

export default defineIntent({
  name: 'hours',
  rank: 5,
  examples: {
    es: ['a que hora cierran', 'que horario tienen', 'trabajan los domingos', 'estan abiertos hoy', 'hasta que hora atienden', 'abren el fin de semana'],
    en: ['what time do you open', 'what are your hours', 'are you open on sunday', 'when do you close', 'opening hours'],
  },
  says: /\b(?:horario|horarios|a que hora (?:abren|cierran|atienden|trabajan)|abren|cierran|atienden los (?:sabados|domingos)|dias de atencion|opening hours|office hours|what time)\b/,
  order: 20,
  answer: (c) => (c.asked('contactChannels') ? null : TEXT[c.language].hoursAndLocation({ hours: true, location: c.asked('location') }, c.channels)),
})
