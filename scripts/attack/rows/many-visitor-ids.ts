/**
 * Row 3, messages from many visitor ids: 100 sockets from one address, each a fresh visitor id
 * sending a 1,950-character message every 1.25 s for 20 s. Holds when the console's inbox has at
 * most NEW_VISITORS_PER_ADDRESS_PER_HOUR new conversations from them, and the visitor messages
 * stored (counted through the console's API) are at most STORED_BYTES_PER_ADDRESS_PER_MINUTE per
 * started minute plus one message.
 */
import { send } from '../../../tests/support/chat-client'
import { address, cameTrue, conversation, count, inbox, visitorsFrom, type Row } from '../context'

const SOCKETS = 100
const MESSAGE_CHARS = 1950
const EVERY_MS = 1250
const SENDING_MS = 20_000
/** Issue 30's budgets at their defaults (CHAT_NEW_VISITORS_PER_ADDRESS_PER_HOUR, CHAT_STORED_BYTES_PER_ADDRESS_PER_MINUTE). */
export const NEW_VISITORS_PER_ADDRESS_PER_HOUR = 60
export const STORED_BYTES_PER_ADDRESS_PER_MINUTE = 65_536
const ACK_MS = 5000
/** Conversations read at once when counting the stored bytes. */
const READS_AT_ONCE = 10

const WORDS = 'hola busco casa departamento terreno en cancún tulum playa del carmen con alberca cerca de la playa precio credito recamaras banos jardin vista al mar'.split(' ')
/** A message of exactly MESSAGE_CHARS ASCII-safe characters of Spanish-looking words, different each time. */
function junk(): string {
  let text = ''
  while (text.length < MESSAGE_CHARS) text += `${WORDS[Math.floor(Math.random() * WORDS.length)]} `
  return text.slice(0, MESSAGE_CHARS - 1) + '.'
}

export const manyVisitorIds: Row = {
  name: 'many-visitor-ids',
  limitMs: 120_000,
  async run(ctx) {
    const from = address(3, 1)
    const { ids: visitors, sockets, open } = await visitorsFrom(ctx, from, SOCKETS)
    const acks = { ok: 0, refused: 0, lost: 0 }
    let sent = 0
    let pending = 0
    const firstSend = Date.now()
    const timers: NodeJS.Timeout[] = []
    sockets.forEach((socket, i) => {
      const fire = () => {
        if (!socket.connected) return
        sent++
        pending++
        send(socket, visitors[i]!, junk(), {}, ACK_MS).then(
          (ack: { ok?: boolean }) => (ack?.ok ? acks.ok++ : acks.refused++),
          () => acks.lost++,
        ).finally(() => pending--)
      }
      // Spread over the interval, as 100 people would be.
      timers.push(setTimeout(() => (fire(), timers.push(setInterval(fire, EVERY_MS))), (i * EVERY_MS) / SOCKETS))
    })
    await new Promise((resolve) => setTimeout(resolve, SENDING_MS))
    timers.forEach((t) => (clearTimeout(t), clearInterval(t)))
    const lastSend = Date.now()
    await cameTrue(() => pending === 0, ACK_MS + 1000)
    const minutes = Math.max(1, Math.ceil((lastSend - firstSend) / 60_000))

    const ours = new Set(visitors)
    const created = (await inbox(ctx)).filter((item) => ours.has(item.visitorId))
    let stored = 0
    let storedMessages = 0
    for (let i = 0; i < created.length; i += READS_AT_ONCE) {
      const details = await Promise.all(created.slice(i, i + READS_AT_ONCE).map((item) => conversation(ctx, item.visitorId)))
      for (const detail of details)
        for (const message of detail.messages)
          if (message.author.kind === 'visitor') (stored += Buffer.byteLength(message.content)), storedMessages++
    }
    const storedLimit = STORED_BYTES_PER_ADDRESS_PER_MINUTE * minutes + MESSAGE_CHARS
    return {
      attempts: `${open}/${SOCKETS} visitor ids from ${from}, ${count(sent)} messages of ${count(MESSAGE_CHARS)} characters in ${SENDING_MS / 1000} s (acks: ${acks.ok} ok, ${acks.refused} refused, ${acks.lost} none)`,
      held: created.length <= NEW_VISITORS_PER_ADDRESS_PER_HOUR && stored <= storedLimit,
      detail: `${created.length} new conversations in the inbox (limit ${NEW_VISITORS_PER_ADDRESS_PER_HOUR}); ${count(storedMessages)} visitor messages stored, ${count(stored)} B (limit ${count(storedLimit)} B for ${minutes} min)`,
    }
  },
}
