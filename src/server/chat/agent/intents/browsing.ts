/** «nada más estoy viendo»: the visitor is just looking (flows/small-talk.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'browsing',
  says: /\b(?:(?:nada mas|nomas|namas|solo|solamente) (?:estoy |ando |estamos )?(?:viendo|mirando|checando|curioseando|echando un ojo)|just (?:browsing|looking)|only looking)\b/,
})
