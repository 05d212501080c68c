/** A bare «sí» (or a thumbs-up alone): it answers what the agent asked last (flows/yes-no.ts). */
import { defineIntent } from '../acts/entry'
import { DEFERS } from './no'

const YES = /^ (?:si|sip|simon|claro|ok|okay|okey|oki|va|vale|dale|perfecto|de acuerdo|esta bien|me parece|sale|por favor|porfa|yes|sure|yep|correcto|exacto|andale|orale|seguro|adelante|listo|bien|super|genial|excelente)\b/
const THUMBS_UP = /[👍👌✅🙌]/u

export default defineIntent({
  name: 'yes',
  // «ok gracias, lo pienso» starts with «ok» but puts it off (no.ts).
  says: (t, m) => (m.short && YES.test(t) && !DEFERS.test(t)) || (m.empty && THUMBS_UP.test(m.raw)),
})
