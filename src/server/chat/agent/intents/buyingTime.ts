/** How long buying takes: cash, with a loan, in pre-sale (docs/guides/add-an-intent.md adds this entry). */
import { defineIntent } from '../acts/entry'

// Knowledge (docs/knowledge.md): the examples and the answer are the agency's, stored in the database
// (seeded from content/knowledge.json); this file is how the question is read.
export default defineIntent({
  name: 'buyingTime',
  // Read in these words whatever the classifier says.
  says: [
    'cuanto tarda comprar', 'cuanto tarda la compra', 'cuanto tiempo tarda la compra', 'cuanto tiempo tarda comprar', 'cuanto se tarda la compra',
    'cuanto se tarda en comprar', 'cuanto tiempo toma comprar', 'cuanto dura el proceso de compra', 'how long does it take to buy',
    'how long does buying take', 'how long does the purchase take',
  ],
  // The classifier's topic is trusted only with a word of time («¿cuánto cuesta comprar?» is no question of time).
  cue: ['tarda', 'tardan', 'tiempo', 'dura', 'toma', 'rapido', 'dias', 'semanas', 'meses', 'how long', 'fast', 'take', 'takes', 'days', 'weeks', 'months'],
  order: 112,
})
