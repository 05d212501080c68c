/** A general question no listing answers: «¿puedo pagar en dólares?», «can I pay in dollars?». */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'currency',
  says: /\b(?:pag(?:ar|o|ue|an|amos)? (?:en|con) (?:dolares|usd|pesos|mxn|euros?)|(?:aceptan|reciben|toman|manejan) (?:dolares|usd|euros?)|pay (?:in|with) (?:dollars|usd|pesos|euros?)|(?:accept|take) (?:dollars|usd|euros?)|en que moneda|which currency|what currency)\b/,
  general: true,
  order: 50,
})
