/**
 * Row 4, account lockout: wrong passwords for the admin from 127.0.0.2–7, then the right one from
 * 127.0.0.1 (where the admin signed in before, with every cookie it was given: a device cookie if
 * the server gives one) and from a fresh 127.0.0.8 with no cookie. Holds when both are let in:
 * a stranger cannot lock a person out (throttling is per account and address).
 */
import { ATTACK_ADMIN } from '../server'
import { signInFrom, type Row } from '../context'

const STRANGERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7']
const WRONG_PER_ADDRESS = 2

export const accountLockout: Row = {
  name: 'account-lockout',
  limitMs: 60_000,
  async run(ctx) {
    const wrong: number[] = []
    for (let round = 0; round < WRONG_PER_ADDRESS; round++)
      for (const from of STRANGERS) wrong.push((await signInFrom(ctx, ATTACK_ADMIN.email, `equivocada-${round}-${from}`, { from })).status)
    const known = (await signInFrom(ctx, ATTACK_ADMIN.email, ATTACK_ADMIN.password, { from: '127.0.0.1', cookie: ctx.admin.header() })).status
    const fresh = (await signInFrom(ctx, ATTACK_ADMIN.email, ATTACK_ADMIN.password, { from: '127.0.0.8' })).status
    return {
      attempts: `${wrong.length} wrong passwords for the admin from ${STRANGERS.length} addresses (answers ${[...new Set(wrong)].join('/')}), then the right one from 2`,
      held: known === 200 && fresh === 200,
      detail: `right password from 127.0.0.1 with its cookies: ${known}, from a fresh 127.0.0.8: ${fresh} (both must be 200)`,
    }
  },
}
