/**
 * Row 2, sign-in cost: 20 parallel sign-ins with unknown e-mails from one address, then 60 from
 * three. Holds when every request is answered (200, 401, 429 or 503, none left without an answer
 * past ANSWER_MS) and the server's resident memory grows less than RSS_GROWTH_MAX_BYTES.
 */
import { randomBytes } from 'node:crypto'
import { TimedOut } from '../http'
import { address, count, signInFrom, type Row } from '../context'

const ANSWERED = new Set([200, 401, 429, 503])
/** A person at the sign-in form waits this long at most before the page says it failed. */
const ANSWER_MS = 20_000
const RSS_GROWTH_MAX_BYTES = 150 * 2 ** 20
const RSS_POLL_MS = 100

const stranger = () => ({ email: `nadie-${randomBytes(6).toString('hex')}@ataque.mx`, password: randomBytes(12).toString('base64url') })

export const signInCost: Row = {
  name: 'sign-in-cost',
  limitMs: 90_000,
  async run(ctx) {
    const rssBefore = ctx.server.rssBytes()
    let rssMax = rssBefore
    const poll = setInterval(() => (rssMax = Math.max(rssMax, ctx.server.rssBytes())), RSS_POLL_MS)
    const statuses = new Map<string, number>()
    const tally = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
    const wave = (addresses: string[], each: number) =>
      Promise.all(
        addresses.flatMap((from) =>
          Array.from({ length: each }, async () => {
            const { email, password } = stranger()
            try {
              tally(String((await signInFrom(ctx, email, password, { from, timeoutMs: ANSWER_MS })).status))
            } catch (error) {
              tally(error instanceof TimedOut ? 'time-out' : 'error')
            }
          }),
        ),
      )
    try {
      await wave([address(2, 1)], 20)
      await wave([address(2, 2), address(2, 3), address(2, 4)], 20)
    } finally {
      clearInterval(poll)
    }
    rssMax = Math.max(rssMax, ctx.server.rssBytes())
    const unanswered = [...statuses].filter(([status]) => !ANSWERED.has(Number(status))).reduce((sum, [, n]) => sum + n, 0)
    const growth = rssMax - rssBefore
    const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`
    return {
      attempts: `80 sign-ins with unknown e-mails (20 from one address, then 60 from three)`,
      held: unanswered === 0 && growth < RSS_GROWTH_MAX_BYTES,
      detail: `answers ${[...statuses].map(([s, n]) => `${s}×${count(n)}`).join(', ')}; ${count(unanswered)} unanswered; RSS +${mb(growth)} (limit ${mb(RSS_GROWTH_MAX_BYTES)})`,
    }
  },
}
