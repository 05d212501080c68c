/** What a condominium's or gated community's maintenance fee is and costs. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'maintenanceFees',
  cue: /\b(?:mantenimiento|cuotas?|hoa|maintenance|condo fees?)\b/,
  vetoes: ['searchVerb'],
  order: 115,
})
