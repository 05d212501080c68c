/** Buying as a foreigner: the bank trust and the ways to pay open to them. */
import { defineIntent } from '../acts/entry'
import { CREDIT_TEXT } from './credit'

export default defineIntent({
  name: 'foreigner',
  rank: 9,
  examples: {
    es: [
      'soy extranjero puedo comprar', 'los extranjeros pueden comprar', 'que es un fideicomiso', 'como funciona el fideicomiso',
      'soy americano puedo tener una casa', 'no soy mexicano puedo comprar', 'un canadiense puede ser dueno',
      'siendo estadounidense puedo adquirir un depa en la playa', 'un europeo puede comprar casa cerca del mar', 'soy de canada puedo comprar',
    ],
    en: ['can a foreigner buy', 'can americans own property', 'what is a fideicomiso', 'bank trust for foreigners', 'I am canadian can I buy', 'can non mexicans buy a house'],
  },
  says: /\b(?:extranjeros?|extranjera|foreigners?|fideicomiso|no soy mexican[oa])\b/,
  vetoes: ['searchVerb', 'credit'],
  order: 91,
  followUp: 'adviser',
  // Credit asked about a rental is answered by credit.ts (no credit for renting).
  answer: (c) => (c.asked('credit') && c.property?.operation === 'renta' ? null : CREDIT_TEXT[c.language].credit(true)),
})
