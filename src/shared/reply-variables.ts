/**
 * The variables of the team's canned replies (docs/console.md#canned-replies): a reply says
 * «Hola {nombre}, …» and the composer fills each from the conversation it is used in. One set,
 * one check (the reply's form and the server's route refuse an unknown one, in Spanish) and one
 * filler. A variable this conversation has no value for stays in the text as written, for the
 * person to fill: never sent empty. Pure string helpers: the console bundles this module.
 */
import { PLACEHOLDER } from './agency-placeholders'

/** The variables, and what each is (the form's hint and its refusals name them so). */
export const REPLY_VARIABLES = {
  nombre: 'el nombre del visitante',
  propiedad: 'la propiedad que el visitante tiene en pantalla',
  enlace: 'el enlace a esa propiedad',
  precio: 'su precio',
  'proxima-visita': 'el próximo horario libre para una visita',
  asesor: 'tu nombre',
} as const

export type ReplyVariable = keyof typeof REPLY_VARIABLES

/** The languages a reply is written in, as the console names them. */
export const REPLY_LANGUAGES = { es: 'Español', en: 'Inglés' } as const

/** A conversation's values; a variable missing (or blank) has none here. */
export type ReplyValues = Partial<Record<ReplyVariable, string>>

export const isReplyVariable = (name: string): name is ReplyVariable => Object.hasOwn(REPLY_VARIABLES, name)

/** «{nombre}, {propiedad}, …»: the list a hint or a refusal offers. */
export const replyVariableList = () => Object.keys(REPLY_VARIABLES).map((name) => `{${name}}`).join(', ')

/** The {names} in a text that are no variable, each once, as written. */
export function unknownReplyVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !isReplyVariable(name)))]
}

/** What a reply's form says under a text with unknown variables (the console's check and the server's alike), or null. */
export function unknownReplyVariablesMessage(text: string): string | null {
  const unknown = unknownReplyVariables(text)
  if (!unknown.length) return null
  const names = unknown.map((name) => `{${name}}`).join(', ')
  return `${names} ${unknown.length > 1 ? 'no son variables' : 'no es una variable'}. Puedes usar ${replyVariableList()}.`
}

/** The variables a text still holds, each once, in order: what is left to fill before sending. */
export function unfilledReplyVariables(text: string): ReplyVariable[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter(isReplyVariable))]
}

/**
 * `text` with each variable that has a value replaced by it; one without a value (or a blank
 * one) stays as written, and is listed in `missing`. A value is put in once, never read again
 * for variables (a visitor called «{precio}» stays so).
 */
export function fillReplyVariables(text: string, values: ReplyValues): { text: string; missing: ReplyVariable[] } {
  const missing = new Set<ReplyVariable>()
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isReplyVariable(name)) return whole
    const value = values[name]?.trim()
    if (value) return value
    missing.add(name)
    return whole
  })
  return { text: filled, missing: [...missing] }
}

/** What the composer says of the variables left: «Completa {nombre} y {precio}: esta conversación no tiene esos datos.» */
export function unfilledMessage(variables: readonly ReplyVariable[]): string {
  const names = variables.map((name) => `{${name}}`)
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : names[0]
  return `Completa ${list}: esta conversación no tiene ${names.length > 1 ? 'esos datos' : 'ese dato'}.`
}
