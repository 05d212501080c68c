/** A general question no listing answers: «¿qué zonas manejan?», «¿cuál es la mejor zona para vivir con niños?», «which areas do you cover?»: the zones, compared. */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'zones',
  says: /\b(?:(?:que|cuales|en que) zonas|zonas? (?:manejan|tienen|trabajan|cubren|recomiendas?|recomiendan|me recomiendas?)|(?:mejor|mejores|recomiendas?|recomiendan|conviene) (?:zona|zonas|colonia|area)|(?:which|what) (?:areas|zones|neighbou?rhoods)|best (?:area|zone|neighbou?rhood)|areas do you (?:cover|work))\b/,
  general: true,
  order: 80,
})
