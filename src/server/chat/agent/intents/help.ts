/** What the agent can do (flows/small-talk.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'help',
  rank: 24,
  examples: {
    es: ['que puedes hacer', 'en que me ayudas', 'ayuda', 'como funciona esto', 'que servicios tienen'],
    en: ['what can you do', 'help', 'how does this work', 'what services do you offer'],
  },
  says: /\b(?:ayuda|ayudame|help|que puedes hacer|que haces|en que me (?:puedes )?ayudar|como funciona esto)\b/,
  keepsSearching: true,
})
