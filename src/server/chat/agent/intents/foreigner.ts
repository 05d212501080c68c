/** Buying as a foreigner: the bank trust and the ways to pay open to them. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'foreigner',
  rank: 9,
  says: /\b(?:extranjeros?|extranjera|foreigners?|fideicomiso|no soy mexican[oa])\b/,
  vetoes: ['searchVerb', 'credit'],
  order: 91,
  // Credit asked about a rental is answered by credit.ts (no credit for renting).
  answer: (c) => (c.asked('credit') && c.property?.operation === 'renta' ? null : c.knowledge ?? null),
})
