/** The languages the agency works in. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'languages',
  // Trusted only with a language named: the classifier's nearest guess for other words is not this.
  cue: /\b(?:ingles|english|espanol|spanish|frances|french|idiomas?|languages?|bilingues?|bilingual|hablan?|speak)\b/,
  order: 135,
})
