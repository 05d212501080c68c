/** Goodbye (flows/small-talk.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'goodbye',
  rank: 22,
  examples: {
    es: ['adios', 'hasta luego', 'nos vemos', 'bye', 'eso es todo', 'me despido'],
    en: ['goodbye', 'bye', 'see you', 'that is all', 'have a good day'],
  },
  says: /\b(?:adios|bye|hasta luego|nos vemos|hasta pronto|chao|chau|me despido|eso es todo|seria todo|es todo)\b/,
  // «hasta 18 mil» is a budget, not «hasta luego».
  cue: /\b(?:adios|bye|luego|nos vemos|pronto|despido|todo|chao|chau|see you|good ?day|that s all|that is all|goodbye)\b/,
})
