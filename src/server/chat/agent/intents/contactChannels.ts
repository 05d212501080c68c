/** The agency's phone, WhatsApp, e-mail (docs/behaviour.md#agent-questions). */
import { defineIntent } from '../acts/entry'
import type { AgencyChannels } from '../types'

const TEXT = {
  es: {
    /** The agency's channels (docs/behaviour.md#agent-questions). */
    channels: (c: AgencyChannels) =>
      'Con gusto, estos son nuestros datos de contacto:\n' +
      `- **WhatsApp**: [escríbenos aquí](${c.whatsapp})\n` +
      `- **Teléfono**: ${c.phone}\n` +
      `- **Correo**: ${c.email}\n` +
      `- **Oficina**: ${c.address} ([ver en el mapa](${c.map})), ${c.hours.es}.\n` +
      'También puedo pedir que un asesor te contacte: solo dime tu nombre y teléfono.',
  },
  en: {
    channels: (c: AgencyChannels) =>
      'Sure, here is how to reach us:\n' +
      `- **WhatsApp**: [write to us here](${c.whatsapp})\n` +
      `- **Phone**: ${c.phone}\n` +
      `- **E-mail**: ${c.email}\n` +
      `- **Office**: ${c.address} ([see it on the map](${c.map})), ${c.hours.en}.\n` +
      'I can also ask an agent to contact you: just tell me your name and phone.',
  },
}

export default defineIntent({
  name: 'contactChannels',
  rank: 4,
  examples: {
    es: [
      'cual es su whatsapp', 'me das su numero', 'pasame su telefono', 'tienen email', 'a que correo les escribo',
      'como los contacto', 'a donde les llamo', 'tienen numero de whatsapp', 'me compartes el telefono de la inmobiliaria',
      'cual es el correo de ustedes', 'por donde me comunico', 'me pasas el numero', 'pasame el whats de ustedes', 'su whatsapp cual es',
      'me compartes su correo', 'me regalas su telefono', 'a que telefono puedo marcar', 'a que numero les escribo', 'tienen whats', 'numero de contacto',
    ],
    en: [
      'what is your phone number', 'can I have your whatsapp', 'how do I reach you', 'do you have an email', 'your contact number',
      'how can I get in touch with you', 'which number can I call', 'what email can I write to', 'your e-mail please',
    ],
  },
  vetoes: ['contact', 'handoff', 'visit', 'searchVerb', 'location', 'hours'],
  // A message carrying the visitor's own phone or e-mail («mi teléfono es …») gives theirs: it does not ask for the agency's.
  distrust: (m) => m.givesContact,
  order: 10,
  answer: (c) => TEXT[c.language].channels(c.channels),
})
