/** Who the agent is: a program, not a person. */
import { defineIntent } from '../acts/entry'

const TEXT = {
  es: {
    whoAmI: (agency: string) =>
      `Soy el asistente virtual de **${agency}**: un programa, no una persona. Busco propiedades en nuestro catálogo, ` +
      'resuelvo dudas frecuentes y agendo visitas.\nSi prefieres hablar con un asesor, escríbeme «quiero hablar con un asesor».',
  },
  en: {
    whoAmI: (agency: string) =>
      `I'm the virtual assistant of **${agency}**: a program, not a person. I search our catalogue, answer common questions and book visits.\n` +
      'If you would rather talk to an agent, write «I want to talk to an agent».',
  },
}

export default defineIntent({
  name: 'who',
  rank: 23,
  examples: {
    es: ['quien eres', 'eres un robot', 'eres persona', 'con quien hablo', 'eres una inteligencia artificial'],
    en: ['who are you', 'are you a bot', 'am I talking to a human', 'are you real'],
  },
  says: /\b(?:quien eres|quien me atiende|que eres|eres (?:un |una )?(?:bot|robot|humano|humana|persona|real|ia|inteligencia artificial|maquina|asistente)|con quien hablo|con quien tengo el gusto|como te llamas|who are you|are you (?:a )?(?:bot|human|real|person))\b/,
  order: 140,
  answer: (c) => TEXT[c.language].whoAmI(c.agency),
})
