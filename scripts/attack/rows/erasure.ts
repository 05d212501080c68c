/**
 * Row 7, erasure that erases. A site-form lead from visitor cookie V, erased by an admin
 * (DELETE /consola/api/visitors/V): holds when the lead leaves the list and, once the server
 * reports the erasure done, no file under the data folder (table files, WAL, statistics) holds
 * the phone or the e-mail. And a chat visitor erased while its socket stays open: its next
 * message must not re-create the old conversation (no history, nothing in the inbox).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { client, connected } from '../../../tests/support/chat-client'
import { waitForAsync } from '../../../tests/support/wait'
import { address, consoleApi, conversation, count, inbox, leads, postFormLead, say, visitorCookie, type AttackContext, type Row } from '../context'

/** How long a server may take to report an erasure done (its files rewritten). */
const DONE_MS = 60_000

interface Erasure {
  id: string
  status?: string
}

/**
 * Erase a visitor and wait until the server reports it done: the DELETE's answer, or, when that
 * answer carries a `status` other than 'done', the erasure log's entry reaching 'done'.
 */
async function erase(ctx: AttackContext, visitorId: string): Promise<string | null> {
  const reply = await consoleApi(ctx, `/visitors/${encodeURIComponent(visitorId)}`, { method: 'DELETE' })
  if (reply.status !== 200) return `DELETE /consola/api/visitors/… answered ${reply.status}`
  const { erasure } = reply.json<{ erasure: Erasure }>()
  if (erasure.status === undefined || erasure.status === 'done') return null
  return waitForAsync(
    async () => consoleApi(ctx, '/erasures').then((r) => r.json<{ items: Erasure[] }>().items.find((e) => e.id === erasure.id)?.status === 'done'),
    'the erasure to be reported done',
    DONE_MS,
  ).then(
    () => null,
    () => `the erasure was not reported done within ${DONE_MS / 1000} s`,
  )
}

/** Every regular file under `folder`. */
function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? files(path) : entry.isFile() ? [path] : []
  })
}

export const erasure: Row = {
  name: 'erasure',
  limitMs: 150_000,
  async run(ctx) {
    const problems: string[] = []
    const tag = randomBytes(3).toString('hex')
    const visitor = visitorCookie()
    const phone = `998 4${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`.replace(/^(\d{3}) (\d{3})(\d{4})$/, '$1 $2 $3')
    const email = `borrar-${tag}@ataque.mx`
    const posted = await postFormLead(ctx, { name: `Borrar ${tag}`, phone, email }, visitor, address(7, 1))
    const listedBefore = (await leads(ctx)).some((lead) => lead.email === email)
    if (!listedBefore) problems.push(`the form lead was not listed before the erasure (form answered ${posted.status})`)

    const chatVisitor = randomUUID()
    const socket = client(ctx.server.url, chatVisitor, { localAddress: address(7, 2) })
    await connected(socket)
    await say(socket, chatVisitor, `Hola, soy Carla ${tag} y busco departamento en Cancún`)

    for (const id of [visitor, chatVisitor]) {
      const failed = await erase(ctx, id)
      if (failed) problems.push(failed)
    }
    if ((await leads(ctx)).some((lead) => lead.email === email)) problems.push('the form lead is still listed after the erasure')

    const needles = [phone, phone.replace(/\D/g, ''), email].map((text) => Buffer.from(text))
    const scanned = files(ctx.server.root)
    let bytes = 0
    const holding: string[] = []
    for (const path of scanned) {
      let data: Buffer
      try {
        data = readFileSync(path)
      } catch {
        continue // removed meanwhile
      }
      bytes += data.length
      if (needles.some((needle) => data.includes(needle))) holding.push(path.slice(ctx.server.root.length + 1))
    }
    if (holding.length) problems.push(`${holding.length} files still hold the phone or e-mail (${holding.slice(0, 4).join(', ')}${holding.length > 4 ? ', …' : ''})`)

    // The erased visitor's widget is still open and writes again.
    await say(socket, chatVisitor, 'Sigo aquí, ¿me ayudan?', 10_000)
    const history = (await conversation(ctx, chatVisitor)).messages.length
    const inInbox = (await inbox(ctx)).some((item) => item.visitorId === chatVisitor)
    if (history || inInbox) problems.push(`the erased chat visitor's next message re-created the conversation (${history} messages${inInbox ? ', in the inbox' : ''})`)
    return {
      attempts: `1 form lead and 1 open chat visitor erased; ${count(scanned.length)} files (${(bytes / 2 ** 20).toFixed(0)} MB) scanned`,
      held: problems.length === 0,
      detail: problems.length ? problems.join('; ') : 'the lead left the list, no file holds its phone or e-mail, the open widget did not re-create the conversation',
    }
  },
}
