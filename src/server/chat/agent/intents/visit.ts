/** A visit to a property (flows/visit.ts). */
import { defineIntent } from '../acts/entry'

export default defineIntent({
  name: 'visit',
  rank: 19,
  examples: {
    es: [
      'me gustaria ir a verlo', 'puedo visitarla', 'agendame una cita', 'quiero conocer la casa', 'cuando la puedo ver', 'quiero agendar un recorrido',
      'podemos ir el sabado', 'me gustaria visitar el depa', 'quiero verla en persona', 'agenda una visita para manana',
    ],
    en: ['I want to see it', 'can I visit the house', 'schedule a tour', 'book a showing', 'can we see it tomorrow', 'I would like to visit'],
  },
  says: (t) =>
    /\b(?:visita|visitas|visitar|visitarla|visitarlo|visitarlas|agendar|agendame|agenda|agendemos|cita|recorrido|conocerla|conocerlo|verla|verlo|verlas|ir a ver|pasar a ver|puedo ir|podemos ir|(?:la|lo|las|los) (?:puedo|podemos|podria|podriamos|quiero|quisiera|queremos) ver|schedule|visit|viewing|tour)\b/.test(t) ||
    /\bver (?:la|el|esa|ese|esta|este|esas|esos) (?:casa|depa|departamento|terreno|propiedad|local|oficina|bodega|lote|penthouse)\b/.test(t),
  // «quiero invertir 2 millones» is no visit: one is asked for with a word of going, seeing or a day.
  cue: /\b(?:visit\w*|agend\w*|cita|recorrido|conoc\w*|ver|verla|verlo|verlas|verlos|ir|vamos|pasar|paso|puedo|podemos|manana|hoy|lunes|martes|miercoles|jueves|viernes|sabado|domingo|semana|hora|see|tour|viewing|schedule|come|go|tomorrow|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week)\b/,
})
