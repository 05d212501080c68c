/** What buying costs besides the price: deeds, notary, taxes. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'closingCosts',
  rank: 10,
  // «¿cuánto cuesta la más barata?» asks a price, not what a purchase costs besides it; «¿tiene escrituras?» asks about the title deeds.
  cue: /\b(?:(?<!(?:tiene|tienen|con|sus|las) )escritur\w*|notari[oa]s?|notary|gastos?|impuestos?|isai|avaluo|registro|cierre|closing|fees?|tax(?:es)?|deed)\b/,
  vetoes: ['presale', 'credit', 'searchVerb'],
  order: 110,
})
