/**
 * A development or zone the catalogue does not have («Residencial Arbolada»,
 * docs/behaviour.md#agent-search): said so, with the catalogue's close names, instead of being
 * silently dropped. Pure.
 */
import { foldText } from '../../../../domain/fold'
import type { Understanding } from '../understand'
import type { Step, TurnContext } from './step'

/** Abbreviations as the visitor means them. */
const KIND_WORDS: Readonly<Record<string, string>> = { col: 'colonia', fracc: 'fraccionamiento' }
/** The same first letters as a catalogue name's word make it a close one («Cumbre» → Residencial Cumbres Suiko). */
const CLOSE_PREFIX = 4

/** «villas del sol» → «Villas del Sol». */
const title = (words: string) => words.replace(/(^|\s)(?!del?\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())

/** The message about an unknown place (none when the message names none). */
export function sayUnknownPlace(u: Understanding, t: TurnContext): Step {
  const place = u.unknownPlace
  if (!place) return {}
  const kind = KIND_WORDS[place.kind] ?? place.kind
  const written = kind === 'zona' ? title(place.name) : `${title(kind)} ${title(place.name)}`
  const stems = foldText(place.name).split(' ').filter((w) => w.length >= CLOSE_PREFIX).map((w) => w.slice(0, CLOSE_PREFIX))
  const close = t.developments
    .map((d) => d.name)
    .filter((name) => foldText(name).split(/[^a-z]+/).some((w) => stems.some((s) => w.startsWith(s))))
  return { messages: [t.say.unknownPlace(written, close)] }
}
