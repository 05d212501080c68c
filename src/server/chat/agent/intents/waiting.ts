/** The visitor is still waiting for a person (flows/handoff.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'waiting',
  rank: 17,
  examples: {
    es: [
      'nadie me contesta', 'sigo esperando', 'ya llevo mucho esperando', 'hay alguien ahi', 'cuando me van a atender',
      'no me han respondido', 'ya pasaron varios minutos', 'el asesor no llega', 'cuanto tengo que esperar',
    ],
    en: ['nobody is answering', 'I am still waiting', 'is anyone there', 'no one has replied yet', 'how long do I have to wait', 'still no answer'],
  },
  // «¿qué rendimiento puedo esperar?» expects a return: waiting is said with someone who does not answer or the time it takes.
  cue: /\b(?:nadie|contesta\w*|respond\w*|atender|atienden|atiende|sigo|llevo|alguien|ahi|asesor|minutos|rato|tengo que esperar|esperando|tardan?|nobody|no one|anyone|answer\w*|repl\w*|still|how long|waiting)\b/,
  vetoes: ['contact', 'handoff', 'searchVerb'],
})
