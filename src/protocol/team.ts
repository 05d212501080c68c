/**
 * The agency's team on the wire (docs/agency.md#the-team): the whole list, in its order, saved at
 * once by an admin in the console («Equipo») and checked with this schema by the console's form
 * and by the server alike, so each field's Spanish message is the same on both sides. The server
 * adds what the browser cannot know: that a linked account exists and is linked once.
 */
import { z } from 'zod'
import { imageSchema } from '../catalogue/schema'
import { slugFromTitle } from '../catalogue/slug'
import type { TeamMember } from '../shared/agency'
import { CONSOLE_API_PATH } from './console'

export const TEAM_API_PATH = `${CONSOLE_API_PATH}/team`

/** The languages a member may speak, as the site names them (BCP 47 code -> Spanish name). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  es: 'Español',
  en: 'Inglés',
  fr: 'Francés',
  de: 'Alemán',
  it: 'Italiano',
  pt: 'Portugués',
  zh: 'Chino',
  ja: 'Japonés',
  ru: 'Ruso',
  ko: 'Coreano',
}

export const TEAM_LIMITS = { members: 40, name: 80, role: 80, bio: 1000, area: 60, areas: 10 } as const

const text = (label: string, max: number) =>
  z.string(`${label} debe ser texto.`).trim().min(1, `Escribe ${label.toLowerCase()}.`).max(max, `${label} admite hasta ${max} caracteres.`)

const memberSchema = z.object({
  /** Its anchor on /acerca: kept once made, so links to it keep working; made from the name when empty. */
  id: z.string().trim().max(80).default(''),
  name: text('El nombre', TEAM_LIMITS.name),
  role: text('El puesto', TEAM_LIMITS.role),
  bio: text('La presentación', TEAM_LIMITS.bio),
  areas: z
    .array(z.string().trim().max(TEAM_LIMITS.area, `Cada especialidad admite hasta ${TEAM_LIMITS.area} caracteres.`), 'Las especialidades deben ser una lista.')
    .max(TEAM_LIMITS.areas, `Hasta ${TEAM_LIMITS.areas} especialidades.`)
    .transform((areas) => [...new Set(areas.filter(Boolean))]),
  languages: z
    .array(z.string().refine((code) => code in LANGUAGE_NAMES, 'Elige idiomas de la lista.'), 'Los idiomas deben ser una lista.')
    .min(1, 'Indica al menos un idioma que hable.')
    .transform((codes) => [...new Set(codes)]),
  // The same rule as a catalogue photo's path: uploaded from the console (/photos/<key>).
  photo: imageSchema.shape.src.nullable().default(null),
  accountId: z.string().trim().max(100).nullable().default(null).transform((id) => id || null),
})

/** What a save sends: the whole team in its order, and the revision it was loaded at. */
export const teamSaveSchema = z
  .object({
    revision: z.number('Falta la versión del equipo.').int().min(0),
    team: z.array(memberSchema, 'El equipo debe ser una lista.').max(TEAM_LIMITS.members, `El equipo admite hasta ${TEAM_LIMITS.members} personas.`),
  })
  .superRefine(({ team }, ctx) => {
    const linked = new Map<string, number>()
    team.forEach((member, index) => {
      if (!member.accountId) return
      const first = linked.get(member.accountId)
      if (first === undefined) linked.set(member.accountId, index)
      else ctx.addIssue({ code: 'custom', path: ['team', index, 'accountId'], message: `Esa cuenta ya es de ${team[first]!.name}: cada cuenta es de una sola persona.` })
    })
  })
  .transform(({ revision, team }) => ({ revision, team: withAnchors(team) }))

export type TeamSave = z.output<typeof teamSaveSchema>

/** Each member's anchor: the one it has, or one made from the name; a repeated one gets "-2", "-3"… */
function withAnchors(team: TeamMember[]): TeamMember[] {
  const taken = new Set<string>()
  return team.map((member) => {
    const base = slugFromTitle(member.id) || slugFromTitle(member.name) || 'asesor'
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    taken.add(id)
    return { ...member, id }
  })
}

/** The team as the console loads it: the list, the revision a save names, who saved it last and when. */
export interface TeamDocument {
  team: TeamMember[]
  revision: number
  updatedAt: string
  /** The name of who saved it last; null: never saved (the seed). */
  updatedBy: string | null
}

/** The languages as the site lists them: «Español · Inglés». */
export const languageNames = (codes: readonly string[]) => codes.map((code) => LANGUAGE_NAMES[code] ?? code)
