/** Filler and fragments that say nothing the agent can act on: the classifier learns to say so (topic null). Not an intent: no rule, no answer. */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'none',
  examples: {
    es: [
      'mmm no se', 'ok pues', 'a ver', 'bueno', 'aja', 'y luego', 'que', 'jaja', 'eso', 'lo que te dije', 'el otro dia',
      'lo mismo', 'ese asunto', 'asdf', 'pues nada', 'ahorita', 'este', 'oye', 'lo que platicamos', 'como te decia',
      // A name alone is contact data the contact flow reads, not a request to be called.
      'me llamo luis', 'mi nombre es ana',
      // Questions about anything but properties: no property question, whatever their «cuál es…».
      'cual es la capital de italia', 'quien gano el partido de ayer', 'cuentame un chiste', 'cual es tu comida favorita',
      'recomiendame una pelicula', 'como se prepara un pastel', 'cuanto es dos mas dos', 'quien es el mejor futbolista',
    ],
    en: [
      'umm', 'well', 'so', 'whatever', 'what I said before', 'the other thing', 'lol', 'hmm', 'like I told you', 'anyway',
      'what is the capital of italy', 'tell me a joke', 'who won the game last night', 'what is your favorite food',
    ],
  },
})
