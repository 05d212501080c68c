/** What an investment returns (figures of the blog guide to holiday rentals). */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'returns',
  rank: 13,
  says: /\b(?:rendimientos?|rentabilidad|retorno de (?:la )?inversion|plusvalia|roi|rental yield|return on (?:the )?investment)\b/,
  // «rentals?», «cheap rentals» are a search: what an investment returns is asked in words of gain.
  cue: /\b(?:gan\w*|rend\w*|rentab\w*|retorno|plusvalia|inversion|invertir|airbnb|vacacional|por noches?|conviene|return|returns|yield|earn\w*|make|profit\w*|invest\w*|income|appreciat\w*|roi|short term)\b/,
  vetoes: ['presale', 'searchVerb', 'rentRequirements'],
  order: 130,
})
