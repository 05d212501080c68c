/** The agency's team in the console's API (/consola/api/team, admins; docs/agency.md#the-team). */
import type { TeamDocument } from '../protocol/team'
import type { TeamMember } from '../shared/agency'
import { request } from './api'

export const teamApi = {
  get: () => request<TeamDocument>('/team'),
  save: (revision: number, team: TeamMember[]) => request<TeamDocument>('/team', { method: 'PUT', body: { revision, team } }),
}
