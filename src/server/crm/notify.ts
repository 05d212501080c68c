import type { Namespace } from 'socket.io'
import { ServerEvent } from '../../protocol'
import { roomOf } from '../chat/namespace'
import type { Visit } from '../../protocol/crm'

/**
 * A booking made in the console reaches the visitor's open widgets as the automated agent's do
 * (docs/behaviour.md#visits): `scheduled_appointment` through the chat namespace, so every
 * process's widgets of that visitor get it (Redis adapter).
 */
export function visitorNotifier(chat: Namespace) {
  return {
    announceBooking(visitorId: string, visit: Visit) {
      chat.to(roomOf(visitorId)).emit(ServerEvent.scheduledAppointment, { id: visit.id, at: visit.at })
    },
  }
}
