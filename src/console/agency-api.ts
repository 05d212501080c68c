/** The agency profile in the console's API (/consola/api/agency/profile; docs/agency.md#profile). */
import type { AgencyProfileAnswer } from '../shared/agency-profile'
import { request } from './api'

export const agencyApi = {
  profile: () => request<AgencyProfileAnswer>('/agency/profile'),
  /** The whole profile, if nobody saved since `revision` (else a 409: ApiError with status 409). */
  saveProfile: (profile: unknown, revision: number) => request<AgencyProfileAnswer>('/agency/profile', { method: 'PUT', body: { profile, revision } }),
}
