/** Thanks (flows/small-talk.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'thanks',
  rank: 21,
  examples: {
    es: ['gracias amigo', 'muchisimas gracias', 'te agradezco', 'gracias por la ayuda', 'muy amable'],
    en: ['thank you so much', 'thanks', 'thanks for the help', 'much appreciated'],
  },
  says: /\b(?:gracias|thank|thanks|thx|te agradezco|muy amable)\b/,
  keepsSearching: true,
})
