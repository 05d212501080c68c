/**
 * The day and time a visitor names (docs/behaviour.md#agent-visits), read by chrono-node's Spanish
 * and English parsers in Cancún time: "el próximo martes a las 5", "mañana en la tarde",
 * "next Friday at 10am". chrono-node is taught the Mexican phrasings its Spanish parser lacks
 * ("pasado mañana", "a las 4 y media", "a las 5 de la tarde", "el 28"), and a bare hour from 1 to 7
 * reads as the afternoon (the office is closed at 5 a.m.). Pure.
 */
import * as chrono from 'chrono-node'
import type { Language } from './language'
import { agencyUtcOffsetMinutes } from '../../../domain/agency-clock'
import { addDays, cancunParts, compareDays, type CalendarDay, type DayPart, type ParsedWhen } from './schedule'
import { NUMBER_WORDS } from './text'

/** A bare hour up to this one ("a las 5") is in the afternoon: visits run from 9:00 to 18:00. */
const LAST_AFTERNOON_HOUR_WITHOUT_PM = 7
const NOON_HOURS = 12
/** "9 hrs" and later are office hours; "a 2 horas de aquí" is a distance. */
const FIRST_OFFICE_HOUR = 8
const HALF_HOUR = 30
const QUARTER_HOUR = 15

/** Not a letter or a digit before a match (JavaScript's \b only knows ASCII). */
const START = '(?<![\\p{L}\\p{N}])'
const END = '(?![\\p{L}\\p{N}])'
const HOUR = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`

function hourOf(word: string): number | null {
  const hour = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null)
  return hour !== null && hour <= NOON_HOURS * 2 ? hour : null
}

/** "pasado mañana": the day after tomorrow. */
const DAY_AFTER_TOMORROW = new RegExp(`${START}pasado\\s+ma[nñ]ana${END}`, 'iu')
const dayAfterTomorrow: chrono.Parser = {
  // chrono-node asks for the pattern on every parse: built once (without the g flag it keeps no state).
  pattern: () => DAY_AFTER_TOMORROW,
  extract: (context) => {
    const day = context.reference.getDateWithAdjustedTimezone()
    day.setDate(day.getDate() + 2)
    return { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() }
  },
}

/**
 * "a las 4 y media", "a las 5 de la tarde", "a las cinco", "a la 1 y cuarto", "16 hrs",
 * "10 de la mañana": the hour with what chrono-node's Spanish parser drops around it.
 */
const SPANISH_TIME = new RegExp(
  `${START}(a\\s+las?\\s+)?${HOUR}(?:\\s+y\\s+(media|cuarto|\\d{1,2})|\\s+menos\\s+cuarto)?(\\s*(?:hrs?|horas|h)${END})?` +
    `(?:\\s+(?:de|en|por)\\s+la\\s+(ma[nñ]ana|tarde|noche))?${END}`,
  'iu',
)
const spanishTime: chrono.Parser = {
  pattern: () => SPANISH_TIME,
  extract: (_context, match) => {
    const [text, prefix, word, minutes, hoursWord, part] = match
    if (!prefix && !hoursWord && !part) return null
    let hour = hourOf((word ?? '').toLowerCase())
    // "a 2 horas de Cancún" is a distance: "16 hrs" names an hour of the working day.
    if (hour === null || (!prefix && !part && hour < FIRST_OFFICE_HOUR)) return null
    let minute = minutes === 'media' ? HALF_HOUR : minutes === 'cuarto' ? QUARTER_HOUR : minutes ? Number(minutes) : 0
    if (/menos\s+cuarto/i.test(text ?? '')) {
      hour -= 1
      minute = 60 - QUARTER_HOUR
    }
    if (minute > 59) return null
    const pm = part ? !/ma[nñ]ana/i.test(part) : null
    if (pm && hour < NOON_HOURS) hour += NOON_HOURS
    else if (pm === false && hour === NOON_HOURS) hour = 0
    if (hour > 23) return null
    return pm === null ? { hour, minute } : { hour, minute, meridiem: pm ? chrono.Meridiem.PM : chrono.Meridiem.AM }
  },
}

/** "el 28", "para el día 3": a day of this month, or of the next one when it has passed. */
const DAY_OF_MONTH = new RegExp(
  `${START}(?:el|para el)\\s+(?:dia\\s+|día\\s+)?(\\d{1,2})(?![\\d:.])(?!\\s*(?:de${END}|am${END}|pm${END}|rec|hab|cuarto|dormi|ba[nñ]o|mil|millon|k${END}|%))`,
  'iu',
)
const dayOfMonth: chrono.Parser = {
  pattern: () => DAY_OF_MONTH,
  extract: (context, match) => {
    const d = Number(match[1])
    const today = context.reference.getDateWithAdjustedTimezone()
    for (let months = 0; months <= 1; months++) {
      const first = new Date(today.getFullYear(), today.getMonth() + months, 1)
      const candidate = new Date(first.getFullYear(), first.getMonth(), d)
      if (candidate.getDate() === d && (months > 0 || d >= today.getDate())) {
        return { year: candidate.getFullYear(), month: candidate.getMonth() + 1, day: d }
      }
    }
    return null
  },
}

/** A bare number ("de 3 recámaras", "hasta 4 millones", "a 15 mil") is not a time: chrono-node's Spanish parser reads one. */
const BARE_NUMBER = /^(?:(?:de|del|al?|las?)\s*)?\d{1,2}$/i
/** Short weekdays alone ("dom", "vie") are rarely days in a chat. */
const SHORT_WEEKDAY = /^(?:lun|mi[eé]|jue|vie|s[aá]b|dom)\.?$/i
/** "mar" is the sea far more often than Tuesday or March ("vista al mar", "mar 3"). */
const SEA = /(?<![\p{L}])mar(?![\p{L}])/iu

/** Drops what chrono-node reads as a date or time but a visitor does not mean as one (before overlaps are resolved). */
const notSlots: chrono.Refiner = {
  refine: (_context, results) =>
    results.filter(
      (r) =>
        !BARE_NUMBER.test(r.text.trim()) &&
        !SHORT_WEEKDAY.test(r.text.trim()) &&
        !SEA.test(r.text) &&
        // "ahora", "10 minutos", "a 2 horas de aquí": the present or a duration, not a slot.
        !r.tags().has('casualReference/now') &&
        !r.tags().has('result/relativeDateAndTime'),
    ),
}

function spanishChrono(): chrono.Chrono {
  const parser = chrono.es.casual.clone()
  // First, so that a phrase they read as long as chrono-node's own reading keeps theirs.
  parser.parsers.unshift(dayAfterTomorrow, spanishTime, dayOfMonth)
  parser.refiners.unshift(notSlots)
  return parser
}

function englishChrono(): chrono.Chrono {
  const parser = chrono.en.casual.clone()
  parser.refiners.unshift(notSlots)
  return parser
}

const PARSERS: Readonly<Record<Language, chrono.Chrono>> = { es: spanishChrono(), en: englishChrono() }
/** "este sábado", "this Saturday" (in the day's own words), or "hoy" anywhere: today's weekday means today; "el sábado" said on a Saturday means the next one. */
const THIS_WEEKDAY = /\b(?:este|esta|this)\b/i
const TODAY = /\b(?:hoy|today)\b/i
const WEEK_DAYS = 7

/**
 * Whether Spanish text may name a day or a time, checked before chrono-node reads it (most
 * messages name none, and reading costs more than the rest of understanding them). It accepts a
 * superset of what the Spanish parsers above (chrono-node's and ours) read, after `notSlots`: a
 * digit beside a date or time sign or glued to a suffix ("28/11", "4:30", "5pm", "3 a 5", "1º");
 * "el 28", "a las 5", "a las cinco"; a weekday or month name where chrono-node's own word
 * boundaries allow one (after a non-letter, or glued to "este", "próximo", "en", "de" or an
 * ordinal word); the casual days and parts of the day; a time unit ("3 días", "una semana",
 * "16 hrs"). A bare count ("de 3 recámaras", "mensaje 3") is no date: notSlots drops it. Case
 * and accents as chrono-node takes them (it is case-insensitive; its \W is ASCII).
 */
const MAY_NAME_WHEN_ES = new RegExp(
  [
    '\\d(?:[^\\s\\d]|\\s*[-/.:：~–〜?ap])',
    'el\\s+(?:d[ií]a\\s+)?\\d',
    `las?\\s*(?:\\d|${Object.keys(NUMBER_WORDS).join('|')})`,
    '(?:^|[^a-z0-9_]|este|esta|pasado|pr[oó]ximo)(?:dom|lun|mar|mi[eé]|jue|vie|s[aá]b)',
    '(?:^|[^a-z_]|en|de|(?:primer|segund|tercer|cuart|quint|sext|s[eé]ptim|octav|noven|d[eé]cim|vig[eé]sim|trig[eé]sim)[oa])(?:ene|feb|mar|abr|may|jun|jul|ago|sep|set|oct|nov|dic)',
    'hoy|ayer|ma[nñ]ana|tarde|noche|mediod[ií]a',
    '(?:segundos?|sec|mins?|minutos?|h|hrs?|horas?|d[ií]as?|semanas?|mes|meses|cuartos?|a[nñ]os?)(?![a-z0-9_])',
  ].join('|'),
  'i',
)

/** See MAY_NAME_WHEN_ES; exported for its test. English is always read. */
export function mayNameWhen(text: string, language: Language): boolean {
  return language !== 'es' || MAY_NAME_WHEN_ES.test(text)
}

/** The most days each month can have (February: in a leap year). */
const MONTH_DAYS: Record<string, number> = {
  enero: 31, febrero: 29, marzo: 31, abril: 30, mayo: 31, junio: 30, julio: 31, agosto: 31, septiembre: 30, setiembre: 30, octubre: 31, noviembre: 30, diciembre: 31,
  january: 31, february: 29, march: 31, april: 30, may: 31, june: 30, july: 31, august: 31, september: 30, october: 31, november: 30, december: 31,
}
const MONTH = `(${Object.keys(MONTH_DAYS).join('|')})`
const DAY_AND_MONTH = [new RegExp(`\\b(\\d{1,2}) de ${MONTH}\\b`), new RegExp(`\\b${MONTH} (\\d{1,2})(?:st|nd|rd|th)?\\b`), new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? of ${MONTH}\\b`)]

/**
 * «el 31 de febrero», «April 31st»: a day its month does not have, as it is written (folded text),
 * or null. The parsers skip it; the visit says it does not exist instead of «no te entendí».
 */
export function impossibleDate(folded: string): string | null {
  for (const re of DAY_AND_MONTH) {
    const match = re.exec(folded)
    if (!match?.[1] || !match[2]) continue
    const [day, month] = /^\d/.test(match[1]) ? [Number(match[1]), match[2]] : [Number(match[2]), match[1]]
    const most = MONTH_DAYS[month] ?? 31
    if (day < 1 || day > most) return match[0]
  }
  return null
}

/** Parts of the day said instead of an hour, over folded text (`manana` alone is tomorrow, «en la mañana» the morning). */
const DAY_PARTS: ReadonlyArray<readonly [DayPart, RegExp]> = [
  ['early', /\b(?:temprano|tempranito|a primera hora|early|first thing)\b/],
  ['morning', /\b(?:(?:en|por|de|durante) la manana|in the morning|morning)\b/],
  ['afternoon', /\b(?:(?:en|por|de|durante) la tarde|in the afternoon|afternoon)\b/],
  ['evening', /\b(?:(?:en|por|de|durante) la noche|in the evening|evening|tonight)\b/],
]

/** The day and time named in the text (written in `language`), relative to `now` in Cancún; a part of the day when no hour is named. */
export function parseWhen(text: string, now: Date, language: Language = 'es'): ParsedWhen {
  const when = mayNameWhen(text, language) ? readWhen(text, now, language) : { date: null, time: null }
  const part = when.time === null ? DAY_PARTS.find(([, re]) => re.test(text))?.[0] : undefined
  return part ? { ...when, part } : when
}

/** parseWhen without the check before it: chrono-node reads the whole text (its test compares both). */
export function readWhen(text: string, now: Date, language: Language): ParsedWhen {
  const results = PARSERS[language].parse(text, { instant: now, timezone: agencyUtcOffsetMinutes(now) }, { forwardDate: true })
  const today = cancunParts(now)
  let date: CalendarDay | null = null
  let time: number | null = null
  for (const result of results) {
    const { start } = result
    if (!date && (start.isCertain('day') || start.isCertain('weekday'))) {
      let day = { y: start.get('year') ?? today.y, m: start.get('month') ?? today.m, d: start.get('day') ?? today.d }
      const isToday = compareDays(day, today) === 0
      if (isToday && !start.isCertain('day') && !THIS_WEEKDAY.test(result.text) && !TODAY.test(text)) day = addDays(day, WEEK_DAYS)
      // A day gone by ("ayer") is not one to meet on.
      if (compareDays(day, today) >= 0) date = day
    }
    const noon = start.tags().has('casualReference/noon')
    if (time === null && (start.isCertain('hour') || noon)) {
      let hour = start.get('hour') ?? NOON_HOURS
      if (!start.isCertain('meridiem') && !noon && hour >= 1 && hour <= LAST_AFTERNOON_HOUR_WITHOUT_PM) hour += NOON_HOURS
      time = hour * 60 + (start.get('minute') ?? 0)
    }
  }
  return { date, time }
}

/** Runs both parsers once: chrono-node builds its patterns on first use (most of a second on a busy machine), so the first visitor does not wait for it. */
export function prepareWhen(): void {
  const now = new Date()
  parseWhen('el lunes a las 10', now, 'es')
  parseWhen('Monday at 10', now, 'en')
}
