/** Whether holiday rentals (Airbnb) are allowed. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'holidayRentals',
  // A question of rules: what an investment returns is returns.ts.
  cue: /\b(?:airbnb|vacacional|por noches?|permite\w*|reglas?|reglamento|short term|nightly|allow\w*|rules?)\b/,
  // What a holiday rental earns is returns.ts's question, whatever the words of renting.
  distrust: (m) => /\b(?:rend\w*|rentab\w*|retorno|gan\w*|deja|dejaria|plusvalia|yield|returns?|earn\w*|profit\w*|make)\b/.test(m.folded),
  vetoes: ['searchVerb'],
  order: 131,
})
