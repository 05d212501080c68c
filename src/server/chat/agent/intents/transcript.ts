/** The visitor asks for a copy of the conversation by e-mail (flows/transcript.ts, docs/email.md#transcript). */
import { defineIntent } from '../acts/entry'

/** A verb of sending, and what is sent: this conversation, the chat, a copy of it. */
const SEND = /\b(?:enviame|enviamela|envia|envian|enviar|envienme|mandame|mandamela|manda|mandan|mandar|mandenme|pasame|reenviame|send|email|e-mail|mail|forward)\b/
const WHAT = /\b(?:conversacion|conversaciones|platica|chat|historial|transcripcion|conversation|transcript)\b/

export default defineIntent({
  name: 'transcript',
  rank: 15,
  examples: {
    es: [
      'enviame la conversacion', 'mandame esta conversacion por correo', 'me puedes enviar una copia del chat', 'quiero una copia de la conversacion',
      'mandame el historial del chat a mi correo', 'pasame la platica por mail',
    ],
    en: ['send me the conversation', 'email me a copy of this chat', 'can you send me the transcript', 'I want a copy of this conversation by email'],
  },
  // «envíame la conversación», «mándame una copia del chat», "send me the transcript": a verb of sending and what is sent, or a copy of it asked for.
  says: (t) => (SEND.test(t) && WHAT.test(t)) || /\b(?:copia (?:de|del) (?:la |esta )?(?:conversacion|chat|platica)|copy of (?:the |this |our )?(?:conversation|chat))\b/.test(t),
})
