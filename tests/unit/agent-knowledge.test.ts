import { describe, expect, it } from 'vitest'
import { BUILT_IN_BOOK, BUILT_IN_INTENTS, bookWith, SEED_KNOWLEDGE } from '../../src/server/chat/agent/acts/builtin'
import { knowledgeName, type Knowledge } from '../../src/server/chat/agent/acts/knowledge'
import { knowledgeInputSchema } from '../../src/protocol/knowledge'
import { createAgent, INITIAL_STATE } from '../../src/server/chat/agent'
import { classifier, classifierFor } from '../../src/server/chat/agent/classifier'
import type { Knowing } from '../../src/server/chat/agent/agent'
import { unmatchedQuestion } from '../../src/server/chat/knowledge-live'
import { readAgency } from '../support/catalogue'

/** The agency's knowledge loaded into the agent's book (docs/knowledge.md): stored entries as the database gives them. */
const CRYPTO: Knowledge = {
  name: 'criptomonedas',
  examples: { es: ['¿aceptan criptomonedas?', 'se puede pagar con bitcoin'], en: ['do you accept cryptocurrencies?', 'can I pay with bitcoin'] },
  answer: { es: 'No aceptamos criptomonedas.', en: 'We do not accept cryptocurrencies.' },
  adviser: false,
}

const agentWith = (knowing: () => Knowing, agency = readAgency()) =>
  createAgent(
    { search: async () => ({ items: [], total: 0, page: 1, pages: 0 }) as never, zones: [], developments: [], siteUrl: 'http://localhost:3000', agency, now: () => new Date('2026-11-21T15:00:00Z') },
    async () => knowing(),
  )

describe('knowledge entries in the book', () => {
  it('the seeded entries give the book the build trains on: examples and answers from the seed, rules from the folder', () => {
    const closing = SEED_KNOWLEDGE.find((entry) => entry.name === 'closingCosts')!
    expect(BUILT_IN_BOOK.corpus.closingCosts).toEqual({ es: closing.examples.es, en: closing.examples.en })
    const loaded = BUILT_IN_BOOK.entries.get('closingCosts')!
    expect(loaded.vetoes).toEqual(['presale', 'credit', 'searchVerb'])
    expect(loaded.cue?.test(' cuanto cobra el notario ')).toBe(true)
    expect(loaded.knowledge).toEqual(closing.answer)
    // The folder alone holds no examples of a knowledge topic: without its stored entry, it is no classifier topic.
    expect(BUILT_IN_INTENTS.find((entry) => entry.name === 'closingCosts')?.examples).toBeUndefined()
    expect(bookWith([]).topics).not.toContain('closingCosts')
    expect(bookWith([]).answers.map((entry) => entry.name)).not.toContain('closingCosts')
  })

  it('an entry of the agency is a topic, read by its own examples, answered in each language, with or without an adviser', () => {
    const book = bookWith([...SEED_KNOWLEDGE, { ...CRYPTO, adviser: true }])
    expect(book.topics).toContain('criptomonedas')
    expect(book.corpus.criptomonedas).toEqual(CRYPTO.examples)
    const entry = book.entries.get('criptomonedas')!
    expect(entry.followUp).toBe('adviser')
    const says = entry.says as (text: string, m: { folded: string }) => boolean
    expect(says(' aceptan criptomonedas ', { folded: 'aceptan criptomonedas' })).toBe(true)
    expect(says(' aceptan criptomonedas y tarjeta ', { folded: 'aceptan criptomonedas y tarjeta' })).toBe(false)
    // The topics the seed trained keep their order: the new one (no rank) goes among the unranked, by name.
    expect(book.topics.filter((topic) => topic !== 'criptomonedas')).toEqual(BUILT_IN_BOOK.topics)
  })

  it('an entry written in Spanish only is answered', async () => {
    const book = bookWith([{ ...CRYPTO, examples: { es: CRYPTO.examples.es, en: [] }, answer: { es: CRYPTO.answer.es, en: '' } }])
    const { classify } = await classifier()
    const agent = agentWith(() => ({ book, classify }))
    expect((await agent.reply('¿Aceptan criptomonedas?', INITIAL_STATE)).messages).toContain(CRYPTO.answer.es)
  })

  it('is answered by its exact examples with the classifier trained before it, and in other words once trained for it', async () => {
    const book = bookWith([...SEED_KNOWLEDGE, CRYPTO])
    const before = await classifier()
    let knowing: Knowing = { book, classify: before.classify }
    const agent = agentWith(() => knowing)
    expect((await agent.reply('¿Aceptan criptomonedas?', INITIAL_STATE)).messages).toContain(CRYPTO.answer.es)
    expect((await agent.reply('Do you accept cryptocurrencies?', INITIAL_STATE)).messages).toContain(CRYPTO.answer.en)
    const paraphrase = 'oigan, ¿ustedes aceptan criptomonedas?'
    expect((await agent.reply(paraphrase, INITIAL_STATE)).messages).not.toContain(CRYPTO.answer.es)
    knowing = { book, classify: (await classifierFor(book.corpus, book.topics)).classify }
    expect((await agent.reply(paraphrase, INITIAL_STATE)).messages).toContain(CRYPTO.answer.es)
    expect((await agent.reply('¿Cuánto cobra el notario?', INITIAL_STATE)).messages.join('\n')).toMatch(/gastos de escrituración/)
  })

  it('the seeded entries beyond the evaluation answer their questions (languages, papers to sell, valuation, holiday rentals, maintenance)', async () => {
    const { classify } = await classifier()
    const agent = agentWith(() => ({ book: BUILT_IN_BOOK, classify }))
    const first = async (text: string) => (await agent.reply(text, INITIAL_STATE)).messages.join('\n')
    expect(await first('¿Hablan inglés?')).toMatch(/^Te atendemos en \*\*español e inglés\*\*/)
    expect(await first('¿Qué documentos necesito para vender mi casa?')).toMatch(/Para vender normalmente se necesita/)
    expect(await first('what paperwork do I need to sell my condo?')).toMatch(/To sell you usually need/)
    expect(await first('¿Cómo hacen la valuación de una casa?')).toMatch(/opinión de valor sin costo/)
    expect(await first('¿Se permite rentar en Airbnb en los condominios?')).toMatch(/renta vacacional/)
    expect(await first('cada cuánto se paga el mantenimiento')).toMatch(/cuota de mantenimiento/)
  })

  it('fills an answer\'s {placeholders} from the agency\'s profile, in the language the answer is written in', async () => {
    const { classify } = await classifier()
    const demo = readAgency()
    const agency = { ...demo, profile: { ...demo.profile, name: 'Casa Caribe', phone: '+529987654321', languages: ['es', 'fr', 'de'] } }
    const contact: Knowledge = { ...CRYPTO, answer: { es: 'Llama a {nombre} al [{telefono}](tel:{telefono}).', en: '' } }
    const agent = agentWith(() => ({ book: bookWith([...SEED_KNOWLEDGE, contact]), classify }), agency)
    const first = async (text: string) => (await agent.reply(text, INITIAL_STATE)).messages.join('\n')
    expect(await first('¿Hablan inglés?')).toMatch(/^Te atendemos en \*\*español, francés y alemán\*\*\./)
    expect(await first('Do you speak English?')).toMatch(/^We work in \*\*Spanish, French, and German\*\*\./)
    // Written in Spanish only: an English visitor reads it in Spanish, filled in Spanish.
    expect(await first('Do you accept cryptocurrencies?')).toContain('Llama a Casa Caribe al [998 765 4321](tel:+529987654321).')
  })

  it('refuses an answer with a {placeholder} that is no fact of the agency, in Spanish, at its field', () => {
    const result = knowledgeInputSchema.safeParse({ ...CRYPTO, title: 'Criptomonedas', answer: { es: 'Escríbenos a {correo}.', en: 'Write to {email} or {fax}.' } })
    expect(result.success).toBe(false)
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      'answer.en': '{email}, {fax} no son datos de la agencia. Puedes usar {nombre}, {domicilio}, {telefono}, {correo}, {correo-privacidad}, {horario}, {idiomas}.',
    })
  })

  it('names a new entry from its title, never as a folder entry or a stored one', () => {
    expect(knowledgeName('¿Aceptan criptomonedas?', new Set())).toBe('aceptanCriptomonedas')
    expect(knowledgeName('Comisión', new Set(['comision']))).toBe('comisionA')
    expect(knowledgeName('¡¡!!', new Set())).toBe('tema')
  })

  it('keeps an unmatched question folded, and none that carries a phone or an e-mail', () => {
    expect(unmatchedQuestion('¿Dan clases de SURF?')).toBe('dan clases de surf')
    expect(unmatchedQuestion('mi cel es 998 123 4567')).toBeNull()
    expect(unmatchedQuestion('escribe a ana@correo.mx')).toBeNull()
  })
})
