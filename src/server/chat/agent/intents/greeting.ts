/** Hello (flows/small-talk.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'greeting',
  rank: 20,
  examples: {
    es: ['hola buen dia', 'holaa', 'buenos dias', 'buenas tardes', 'que tal', 'holi', 'buenas', 'hola que tal'],
    en: ['hi there', 'hello', 'good morning', 'hey there', 'good afternoon'],
  },
  says: (t) => /^ (?:hola|holi|holaa+|buenas|buenos dias|buen dia|buenas tardes|buenas noches|que tal|hey|hi|hello|saludos|que onda|ola)\b/.test(t) || / hola /.test(t),
  keepsSearching: true,
})
