/** How the agency values a property (a free opinion; a formal appraisal costs). */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'valuation',
  // «¿cuánto vale mi casa?» is a seller (sell.ts): how a valuation is made is asked in its own words.
  cue: /\b(?:valuacion|valuar|valuan|avaluos?|opinion de valor|calculan el precio|value|valuation|appraise\w*|appraisal|work out the price)\b/,
  vetoes: ['sell', 'searchVerb'],
  order: 117,
})
