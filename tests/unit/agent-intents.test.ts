// The intent book (src/server/chat/agent/acts/): entries from several sources, merged by name,
// and what is built from them. What agent-understand asserted about the override tables of
// understand.ts now holds on the entries that replaced them.
import { describe, expect, it } from 'vitest'
import { BUILT_IN_BOOK, BUILT_IN_INTENTS } from '../../src/server/chat/agent/acts/builtin'
import { defineIntent } from '../../src/server/chat/agent/acts/entry'
import { loadIntents } from '../../src/server/chat/agent/acts/load'
import { KNOWN_INTENTS } from '../../src/server/chat/agent/acts/names'
import { TURN } from '../../src/server/chat/agent/turn'
import { understand } from '../../src/server/chat/agent/understand'
import { answerQuestions } from '../../src/server/chat/agent/flows/faq'
import { turnContext, understood } from '../support/agent-flows'
import { readFileSync } from 'node:fs'
import { createLexicon } from '../../src/server/chat/agent/understand'
import type { Catalogue } from '../../src/catalogue/model'

const catalogue = JSON.parse(readFileSync(new URL('../../content/catalogue.json', import.meta.url), 'utf8')) as Catalogue
const lexicon = createLexicon(catalogue.zones, catalogue.developments)
const NOW = new Date('2026-11-21T15:00:00Z')

describe('the built-in entries', () => {
  it('have one entry per name the flows test, each file its own name', () => {
    const names = BUILT_IN_INTENTS.map((entry) => entry.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(expect.arrayContaining([...KNOWN_INTENTS]))
  })

  it('train the classifier on their examples in their ranked order, «none» apart', () => {
    expect(BUILT_IN_BOOK.topics.slice(0, 3)).toEqual(['search', 'propertyQuestion', 'availability'])
    expect(BUILT_IN_BOOK.topics).not.toContain('none')
    expect(BUILT_IN_BOOK.corpus.none?.es).toContain('mmm no se')
    expect(BUILT_IN_BOOK.topics).toContain('contact') // once «contactMe»: one name everywhere
  })

  it('hold the vetoes and cues that were understand.ts tables', () => {
    expect(BUILT_IN_BOOK.entries.get('propertyQuestion')?.vetoes).toEqual(['contact', 'visit', 'presale', 'searchVerb', 'location', 'sell', 'credit'])
    expect(BUILT_IN_BOOK.entries.get('visit')?.cue?.test(' quiero invertir 2 millones ')).toBe(false)
    expect(BUILT_IN_BOOK.entries.get('visit')?.cue?.test(' puedo ir el sabado ')).toBe(true)
  })
})

describe('a book of several sources', () => {
  const agency = [
    defineIntent({
      name: 'pets',
      says: ['puedo llevar a mi perro', 'can I bring my dog'],
      answer: { es: 'Sí, tu mascota es bienvenida en las visitas.', en: 'Yes, pets are welcome on visits.' },
    }),
    // An agency answers a built-in question its own way.
    defineIntent({ ...BUILT_IN_BOOK.entries.get('commission')!, says: /\bcomision\b/, cue: /\bcomision\b/, answer: { es: 'Cobramos 4 %.', en: 'We charge 4 %.' } }),
  ]
  const book = loadIntents(BUILT_IN_INTENTS, agency)

  it('adds the entries of a later source, and replaces those of the same name', () => {
    expect(book.entries.size).toBe(BUILT_IN_BOOK.entries.size + 1)
    const u = understand('¿puedo llevar a mi perro? ¿y cuánto es la comisión?', lexicon, NOW, { book })
    expect(u.intents).toEqual(expect.arrayContaining(['pets', 'commission']))
    const t = { ...turnContext(), book }
    expect(answerQuestions(u, t, null, false).messages).toEqual(['Sí, tu mascota es bienvenida en las visitas.', 'Cobramos 4 %.'])
    expect(answerQuestions(understood({ intents: ['pets'], language: 'en' }), { ...turnContext('en'), book }, null, false).messages).toEqual(['Yes, pets are welcome on visits.'])
  })

  it('refuses a veto of an intent no entry is, and a name that is none', () => {
    expect(() => loadIntents([defineIntent({ name: 'x', vetoes: ['nothing'] })])).toThrow(/vetoes «nothing»/)
    expect(() => loadIntents([defineIntent({ name: 'two words' })])).toThrow(/is no name/)
  })
})

describe('the turn', () => {
  it('is an ordered table of named steps', () => {
    expect(TURN.map((step) => step.name)).toEqual([
      'empty message', 'focus and contact data', 'a copy of the conversation', 'prices in another currency', 'question about the results shown', 'question about one property',
      'still waiting for a person', 'a member of the team asked for', 'a person asked for', 'a visit or a sale?', 'a visit', 'to be contacted', 'common questions', 'to sell',
      'a place the catalogue does not have', 'a place outside the area', 'the search', 'criteria kept', 'an offer let pass', 'yes or no',
      'lead, visit or contact data', 'small talk',
    ])
  })
})
