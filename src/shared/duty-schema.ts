/**
 * What «Mi cuenta», «Cuentas» and the console's header save about a person's routing
 * (docs/console.md#routing), checked by the console's form and again by the server: one schema.
 */
import { z } from 'zod'
import { AVAILABILITIES, type Availability } from '../protocol/console'
import { weekHoursSchema } from './agency-profile'

/** PUT /consola/api/me/duty-hours and /accounts/{id}/duty-hours: a week of shifts, or null to follow the office's hours. */
export const dutyHoursSchema = z.object({ dutyHours: weekHoursSchema('duty').nullable() }).strict()
/** PUT /consola/api/me/availability. */
export const availabilitySchema = z.object({ availability: z.enum(AVAILABILITIES as [Availability, ...Availability[]], 'Elige «disponible» o «ausente».') }).strict()
