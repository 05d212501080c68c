/** A bare «no», or a polite «not now» («lo pienso»): it answers what the agent asked last (flows/yes-no.ts). */
import { defineIntent } from '../acts/entry'

const NO = /^ (?:no|nop|nel|nope|todavia no|aun no|luego|despues|mas tarde|ahorita no|nah|not now)\b/
/** «lo pienso», «luego te aviso», «I'll think about it»: the visitor puts it off. */
export const DEFERS = /\b(?:lo (?:pienso|pensare|voy a pensar|platico|consulto)|(?:dejame|deja me) (?:pensarlo|lo pienso|ver)|(?:luego|despues|ahorita) te (?:aviso|escribo|digo|confirmo|busco)|i ll think about it|let me think(?: about it)?|i ll get back to you|maybe later)\b/

export default defineIntent({
  name: 'no',
  says: (t, m) => (m.short && NO.test(t)) || DEFERS.test(t),
})
