/** The visitor asks for a person (flows/handoff.ts). */
import { defineIntent } from '../acts/entry'

/** A verb of talking or being put through. */
const WANTS = /\b(?:hablar|platicar|comunicarme|comunicar|contactar|atender|atienda|pasame|pasar|comunica|comunicame|conectar|conectame|transferir|transfiereme|talk|speak)\b/
/** Someone of the agency. */
const PERSON = /\b(?:asesor|asesora|asesores|humano|humana|persona|agente|alguien|ejecutivo|ejecutiva|vendedor|vendedora|human|person|agent|someone|representative)\b/

export default defineIntent({
  name: 'handoff',
  rank: 16,
  examples: {
    es: [
      'necesito hablar con una asesora', 'pasame con una persona', 'quiero hablar con un humano', 'comunicame con alguien',
      'hay alguien real', 'quiero atencion personal', 'me atiende un agente', 'no quiero hablar con un bot',
      // A visitor fed up with the bot is better served by a person.
      'no sirves para nada', 'eres inutil', 'que mal atiendes',
    ],
    en: [
      'I want to talk to a person', 'let me speak with an agent', 'could I talk with someone from your team', 'can I speak to a realtor',
      'connect me to a human', 'can a real person help me', 'I want a real agent', 'you are useless', 'this bot is useless',
    ],
  },
  says: (t) => (WANTS.test(t) && PERSON.test(t)) || (/\b(?:agente real|persona real|ser humano|humano real|con un humano|with a human)\b/.test(t) && !/\beres\b|\bare you\b/.test(t)),
})
