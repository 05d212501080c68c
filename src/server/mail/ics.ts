/**
 * A visit as a calendar invitation (docs/email.md#invitations), with the `ics` package: one UID per
 * visit, its SEQUENCE raised by every change, METHOD:REQUEST while it stands and METHOD:CANCEL
 * once cancelled, so a calendar that took the first invitation updates or removes that event
 * (RFC 5546). The time is the visit's instant written in UTC (DTSTART:…Z): exact whatever the
 * calendar's zone, which shows it in its own.
 */
import { createEvent } from 'ics'

/** How long a visit is in the calendar. */
export const VISIT_MINUTES = 60

export interface VisitInvitation {
  /** The visit's id: the event's UID is made from it and the site's host. */
  visitId: string
  host: string
  at: string
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  /** TENTATIVE while the agency has not confirmed it. */
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED'
  title: string
  description: string
  location: string
  url: string | null
  organizer: { name: string; email: string }
  attendee: { name: string | null; email: string }
}

/** The event's UID: the same for every message about one visit. */
export const visitUid = (visitId: string, host: string) => `visita-${visitId}@${host}`

export function visitInvitation(visit: VisitInvitation): string {
  const { error, value } = createEvent({
    productId: 'cancun-propiedades/correo',
    method: visit.method,
    uid: visitUid(visit.visitId, visit.host),
    sequence: visit.sequence,
    start: new Date(visit.at).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: VISIT_MINUTES },
    title: visit.title,
    description: visit.description,
    location: visit.location,
    ...(visit.url ? { url: visit.url } : {}),
    status: visit.status,
    organizer: visit.organizer,
    attendees: [{ ...(visit.attendee.name ? { name: visit.attendee.name } : {}), email: visit.attendee.email, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' }],
  })
  if (error || !value) throw error ?? new Error('the invitation could not be made')
  return value
}
