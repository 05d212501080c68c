/**
 * Office hours, from the agency's profile (docs/agency.md#the-agent); with location, one answer
 * says both (the channels list says both already). A day named («¿abren el sábado?», «¿abren
 * mañana?») is answered first, for that day: its hours, its closed weekday or its closure.
 */
import { defineIntent, type AnswerContext } from '../acts/entry'
import { clock } from '../../../../shared/office-hours'
import { addDays, cancunParts, closedOn, dayKey, formatDay, officeHoursOn, parseDayKey, WEEKDAYS, WEEKDAYS_EN, type CalendarDay } from '../schedule'

/** Closures starting within this many days are told with the hours («el jueves 24 no abrimos»). */
const CLOSURES_AHEAD_DAYS = 14

const pluralEs = (day: string) => (day.endsWith('s') ? day : `${day}s`)

/** The line about the day the visitor named, or null when they named none. */
function dayLine(c: AnswerContext): string | null {
  const day = c.u.when.date
  if (!day) return null
  const named = formatDay(day, c.now, c.language)
  const closed = closedOn(day, c.calendar)
  const es = c.language === 'es'
  if (closed && 'closure' in closed) return es ? `El ${named} no abrimos (${closed.closure.label}).` : `We are closed on ${named} (${closed.closure.label}).`
  if (closed) return es ? `Los ${pluralEs(WEEKDAYS[closed.weekday] ?? '')} no abrimos.` : `We are closed on ${WEEKDAYS_EN[closed.weekday]}s.`
  const hours = officeHoursOn(day, c.calendar)
  if (!hours) return null
  return es ? `El ${named} abrimos de ${clock(hours[0])} a ${clock(hours[1])}.` : `On ${named} we are open ${clock(hours[0])} to ${clock(hours[1])}.`
}

/** The closures that start or go on within the next days (none already over), except the day named. */
function closuresAhead(c: AnswerContext): string[] {
  const today = cancunParts(c.now)
  const first = dayKey(today)
  const last = dayKey(addDays(today, CLOSURES_AHEAD_DAYS))
  const named = c.u.when.date ? dayKey(c.u.when.date) : null
  const es = c.language === 'es'
  return c.calendar.closures
    .filter((closure) => closure.to >= first && closure.from <= last && !(named && closure.from <= named && named <= closure.to))
    .map((closure) => {
      const from = formatDay(parseDayKey(closure.from > first ? closure.from : first) as CalendarDay, c.now, c.language)
      const to = formatDay(parseDayKey(closure.to) as CalendarDay, c.now, c.language)
      if (closure.from === closure.to || closure.to <= first) return es ? `El ${from} no abrimos (${closure.label}).` : `We are closed on ${from} (${closure.label}).`
      return es ? `Del ${from} al ${to} no abrimos (${closure.label}).` : `We are closed from ${from} to ${to} (${closure.label}).`
    })
}

function hoursAndLocation(kind: { hours: boolean; location: boolean }, c: AnswerContext): string {
  const lines: string[] = []
  const { channels, calendar } = c
  const es = c.language === 'es'
  if (kind.location || !kind.hours) lines.push(es ? `Nuestra oficina está en **${channels.address}** ([ver en el mapa](${channels.map})).` : `Our office is at **${channels.address}** ([see it on the map](${channels.map})).`)
  const day = kind.hours ? dayLine(c) : null
  if (day) lines.push(day)
  lines.push(es ? `Atendemos ${channels.hours.es}.` : `We are open ${channels.hours.en}.`)
  lines.push(...closuresAhead(c))
  lines.push(es ? `Las visitas a propiedades se agendan ${calendar.visitText.es}. ¿Quieres agendar una?` : `Property visits can be booked ${calendar.visitText.en}. Would you like to book one?`)
  return lines.join('\n')
}

/** Shared with location.ts: one answer for both. */
export const HOURS_AND_LOCATION = hoursAndLocation

export default defineIntent({
  name: 'hours',
  rank: 5,
  examples: {
    es: ['a que hora cierran', 'que horario tienen', 'trabajan los domingos', 'estan abiertos hoy', 'hasta que hora atienden', 'abren el fin de semana'],
    en: ['what time do you open', 'what are your hours', 'are you open on sunday', 'when do you close', 'opening hours'],
  },
  says: /\b(?:horario|horarios|a que hora (?:abren|cierran|atienden|trabajan)|abren|cierran|atienden los (?:sabados|domingos)|dias de atencion|opening hours|office hours|what time)\b/,
  order: 20,
  answer: (c) => (c.asked('contactChannels') ? null : hoursAndLocation({ hours: true, location: c.asked('location') }, c)),
})
