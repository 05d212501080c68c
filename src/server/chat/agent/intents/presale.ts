/** How buying in pre-sale works (a down payment question is answered by downPayment.ts instead). */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'presale',
  rank: 12,
  says: (t) =>
    (/\bpreventa\b/.test(t) && /\b(?:como funciona|como es|como son|proceso|pasos|que es|explicame|en que consiste|que significa|como se compra|how does)\b/.test(t)) ||
    /\b(?:apartado|enganche|mensualidades|escrituracion|escriturar|escrituras)\b/.test(t),
  order: 101,
  // «casas en preventa» read as this topic is a search for pre-sale houses, not a question about the process.
  answer: (c) => (c.asked('downPayment') || (c.u.topic === 'presale' && c.u.criteria.tipo) ? null : c.knowledge ?? null),
})
