/**
 * Contact data in free text: names ("soy Ana López", "me llamo…"), phone numbers and
 * e-mail addresses, with validation. Pure.
 */
import { foldText } from '../../../domain/fold'
import { titleCase } from './text'
import { LEAD_LIMITS } from '../../../shared/lead-rules'
import { agencyPhone } from '../../../domain/phone'
import { phoneDigits } from '../../../domain/phone-shape'
import { isValidEmail as isEmail } from '../../../domain/email'

export interface ExtractedContact {
  name: string | null
  /** A valid phone: 10 digits for a Mexican one, + and its country code for another (normalizePhone). */
  phone: string | null
  /** A valid e-mail, lower case. */
  email: string | null
  /** Something that looked like a phone but is none (normalizePhone). */
  invalidPhone: string | null
  /** Something with an @ that is not a sane address. */
  invalidEmail: string | null
  /** The text without phones, e-mails and the name statement (for the rest of the understanding). */
  rest: string
}

/** A sane e-mail address (the one rule, src/domain/email.ts) no longer than the lead service takes. */
export function isValidEmail(email: string): boolean {
  return email.trim().length <= LEAD_LIMITS.email && isEmail(email)
}

/**
 * A phone as the agency dials it (docs/behaviour.md#agent-contact): a Mexican number as its 10
 * national digits (spaces, dashes, dots and parentheses removed; a +52 / 52 / 521 / 044 / 045
 * prefix dropped); a foreign one with its country code, "+13055550199" (the US and Canada's
 * 1 XXX XXX XXXX with or without "+", any other only with "+"). Null for anything else.
 */
export function normalizePhone(text: string): string | null {
  return agencyPhone(text)
}

const PHONE_WORDS = /\b(?:cel|celular|tel|telefono|fono|movil|whats?|whatsapp|wa|numero|num|marca(?:me|rme)?|llama(?:me|rme)?|contacto)\b/
const PRICE_BEFORE = /(?:\$|usd|mxn|hasta|desde|entre|menos de|mas de|presupuesto(?: de)?|maximo|minimo)\s*$/
const PRICE_AFTER = /^\s*(?:pesos|mil|millon|millones|mxn|usd|dolares|dlls|dls|mdp|mdd|k\b|m2|metros|recamaras|rec\b)/

// Words that never start a name after "soy" ("soy de Monterrey", "soy extranjero").
const NOT_NAMES = new Set([
  'de', 'del', 'el', 'la', 'los', 'las', 'un', 'una', 'muy', 'yo', 'tu', 'su', 'mi', 'nuevo', 'nueva', 'extranjero',
  'extranjera', 'mexicano', 'mexicana', 'americano', 'americana', 'canadiense', 'estadounidense', 'gringo', 'gringa',
  'cliente', 'inversionista', 'inversor', 'agente', 'asesor', 'asesora', 'broker', 'corredor', 'corredora',
  'propietario', 'propietaria', 'dueno', 'duena', 'interesado', 'interesada', 'soltero', 'soltera', 'casado',
  'casada', 'jubilado', 'jubilada', 'estudiante', 'medico', 'doctor', 'doctora', 'ingeniero', 'arquitecto',
  'bueno', 'buena', 'feliz', 'humano', 'humana', 'persona', 'real', 'bot', 'robot', 'yo', 'ese', 'esa', 'este',
  'esta', 'no', 'si', 'ok', 'que', 'como', 'por', 'para', 'con', 'sin', 'en', 'a', 'al', 'quien', 'alguien',
  // After "I am" / "I'm" ("I'm Looking for…", "I am Not sure").
  'an', 'the', 'not', 'just', 'also', 'very', 'so', 'sure', 'here', 'from', 'in', 'looking', 'interested', 'searching',
  'trying', 'planning', 'moving', 'thinking', 'buying', 'selling', 'renting', 'coming', 'going', 'visiting', 'retired',
  'new', 'back', 'still', 'only', 'okay', 'fine', 'good', 'happy', 'glad',
  // A «yes» or «no» answering «¿quieres que un asesor…?» is no name.
  'yes', 'yeah', 'yep', 'yup', 'nope', 'nah', 'please', 'claro', 'dale', 'sale', 'va', 'sip', 'nel', 'porfa', 'gracias', 'thanks',
])

// Words that end a name ("Ana López y mi cel es…", "Ana, busco…").
const NAME_STOPS = new Set([
  'y', 'e', 'mi', 'mis', 'con', 'busco', 'quiero', 'necesito', 'tel', 'cel', 'celular', 'telefono', 'correo', 'email',
  'mail', 'numero', 'whatsapp', 'whats', 'te', 'les', 'me', 'para', 'estoy', 'interesado', 'interesada', 'el', 'un',
  'una', 'ando', 'vivo', 'tengo', 'de', 'del', 'la', 'por', 'que', 'es', 'soy', 'and', 'in', 'from', 'a', 'al', 'en',
  'desde', 'gracias', 'porfa', 'favor', 'llamame', 'escribeme', 'marcame', 'contactame', 'aqui', 'ahi', 'hola',
])

/** Words after "soy"/"me llamo" taken as a name: up to 4 name words (plus particles), starting with a real name word. */
function nameFrom(words: string[]): { name: string; count: number } | null {
  const out: string[] = []
  for (const word of words) {
    const folded = foldText(word)
    if (!/^[\p{L}][\p{L}'’-]*$/u.test(word)) break
    if (out.length === 0 && NOT_NAMES.has(folded)) return null
    // "de"/"del"/"la" inside a compound name ("María de la Luz") only when a name word follows.
    if (NAME_STOPS.has(folded) && !(out.length > 0 && ['de', 'del', 'la'].includes(folded))) break
    out.push(word)
    if (out.filter((w) => !['de', 'del', 'la', 'los', 'las'].includes(foldText(w))).length === 4 || out.length === 7) break
  }
  while (out.length && ['de', 'del', 'la'].includes(foldText(out[out.length - 1] ?? ''))) out.pop()
  if (!out.length) return null
  const name = titleCase(out.join(' '))
  return name.length >= 2 && name.length <= 60 ? { name, count: out.length } : null
}

/**
 * "… tomorrow at 5pm? I am Mark, mark@…": "I am"/"I'm" opening a sentence, followed by a
 * capitalised word, introduces a name; lower case ("I am looking for…") is not one.
 */
const englishIntroduction = /(?:^|[.!?,;]\s*)((?:[Ii] am|[Ii]['’]m)\s+)(\p{Lu}[^,.;:!?\n()]{0,79})/u

/**
 * An explicit name statement: "soy Ana López", "me llamo Ana", "mi nombre es Ana", "a nombre de
 * Ana"; with where the statement starts and the name ends in the text.
 */
export function explicitName(text: string): { name: string; start: number; end: number } | null {
  const match = /(?:^|[^\p{L}])((?:me llamo|mi nombre es|a nombre de|my name is|soy)\s+)([^,.;:!?\n()]{1,80})/iu.exec(text) ?? englishIntroduction.exec(text)
  if (!match?.[1] || !match[2]) return null
  const found = nameFrom(match[2].trim().split(/\s+/))
  if (!found) return null
  const start = match.index + match[0].length - match[1].length - match[2].length
  let end = start + match[1].length
  const words = [...match[2].matchAll(/\S+/g)].slice(0, found.count)
  const last = words[words.length - 1]
  if (last) end += last.index + last[0].length
  return { name: found.name, start, end }
}

/**
 * A bare name ("Ana López", "roberto"): 1–4 words of letters and nothing else, none of them a word
 * the agent understands (`known`). Used only when the agent asked for the name or the message
 * also carries a phone or e-mail.
 */
export function bareName(text: string, known: (folded: string) => boolean): string | null {
  // «acepta niños?» answering «¿quieres que te contacte?» is a question, not a name.
  if (/[?¿]/.test(text)) return null
  const cleaned = text
    // "mi nombre es Ana", "hi, I'm Tom", "this is Tom Baker": the statement is not part of the name.
    // «sure, it's Emma», «claro, soy Ana»: the yes before the name is not part of it.
    .replace(/^\s*(?:(?:hi|hello|hey|hola|sure|ok|okay|yes|yeah|yep|of course|claro|s[ií]|va|vale|dale|sale|por supuesto)\b[\s,!]*)+/iu, ' ')
    .replace(/\b(?:mi|my)\s+(?:nombre|name)\s+(?:es|is)\b|^\s*(?:i'?m|i am|this is|it'?s)\s/giu, ' ')
    .replace(/[,.;:!¡¿?()]+/g, ' ')
    .trim()
  if (!cleaned) return null
  const words = cleaned.split(/\s+/)
  if (words.length > 4) return null
  if (!words.every((w) => /^[\p{L}][\p{L}'’-]*$/u.test(w))) return null
  // «I'll think about it», «we're moving»: an English contraction is a sentence, not a name («O'Brien» is one).
  if (words.some((w) => /^(?:i|you|we|they|it|that|let|he|she)['’]/iu.test(w))) return null
  const folded = words.map(foldText)
  if (NOT_NAMES.has(folded[0] ?? '')) return null
  // A word the agent knows is no name («busco casa»), unless it is a capitalised surname after a first name («Roberto Salas», «Luis Torres»).
  const surname = (i: number) => i > 0 && /^\p{Lu}/u.test(words[i] ?? '') && !known(folded[0] ?? '')
  if (folded.some((w, i) => (known(w) && !surname(i)) || (NAME_STOPS.has(w) && !['de', 'del', 'la'].includes(w)))) return null
  return nameFrom(words)?.name ?? null
}

/** Phones and e-mails in the text, valid or not, and the text without them. */
export function extractContact(text: string): ExtractedContact {
  let rest = text
  let email: string | null = null
  let invalidEmail: string | null = null
  // E-mails first (their digits must not be read as a phone).
  rest = rest.replace(/[^\s<>()[\],;:"']*@[^\s<>()[\],;:"']*/g, (candidate) => {
    const value = candidate.replace(/^[.¡¿!?]+|[.!?]+$/g, '').toLowerCase()
    if (!value.includes('@') || value.length < 3) return candidate
    if (isValidEmail(value)) email ??= value
    else invalidEmail ??= value
    return ' '
  })

  let phone: string | null = null
  let invalidPhone: string | null = null
  const folded = foldText(rest)
  const hasPhoneWord = PHONE_WORDS.test(folded)
  rest = rest.replace(/(?:\+\s?)?\d[\d\s().-]{4,22}\d/g, (candidate, offset: number) => {
    const digits = phoneDigits(candidate)
    const before = foldText(rest.slice(Math.max(0, offset - 25), offset))
    const after = foldText(rest.slice(offset + candidate.length, offset + candidate.length + 12))
    if (PRICE_BEFORE.test(before) || PRICE_AFTER.test(after)) return candidate
    // A time or a date is not a phone ("10.30", "3-12-2026" are too short anyway).
    if (digits.length < 7) return candidate
    const normalized = normalizePhone(candidate)
    if (normalized) {
      phone ??= normalized
      return ' '
    }
    if (digits.length >= 10 || hasPhoneWord) {
      invalidPhone ??= candidate.trim()
      return ' '
    }
    return candidate
  })
  // A short digit run right after a phone word ("mi cel es 998 123") is an incomplete phone.
  if (!phone && !invalidPhone && hasPhoneWord) {
    const short = /(?:cel|celular|tel|telefono|whats?app|whats|numero)\s*(?:es|:)?\s*(\+?\d[\d\s-]{2,}\d)/.exec(foldText(rest))
    if (short?.[1]) invalidPhone = short[1].trim()
  }
  const named = explicitName(rest)
  if (named) rest = `${rest.slice(0, named.start)} ${rest.slice(named.end)}`
  return { name: named?.name ?? null, phone, email, invalidPhone, invalidEmail, rest }
}
