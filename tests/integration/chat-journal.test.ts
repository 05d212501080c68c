import { describe, expect, it } from 'vitest'
import { pendingTurns, sharedStorage, STORAGES } from './databases'

/**
 * The chat's group-committed writes (storage/chat-journal.ts, docs/behaviour.md#chat-at-load) on
 * every storage: many writes at once share commits and each gets its own answer; a repeated
 * clientMessageId is stored once; a turn ends its pending record; what a crash leaves pending
 * is claimed once.
 */
describe.each(STORAGES)('chat journal on $name', ({ open }) => {
  const storage = sharedStorage(open)
  let count = 0
  const visitor = () => `journal-${Date.now()}-${++count}`

  it('stores concurrent messages in fewer commits, each once, in order, with its pending turn', async () => {
    const visitors = Array.from({ length: 20 }, visitor)
    const before = storage().journal.transactions()
    const writes = visitors.flatMap((v) => [0, 1, 2].map((i) => storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: `m${i}`, clientMessageId: `c${i}`, utms: { source: 'prueba' } })))
    const again = storage().journal.storeVisitorMessage({ visitorId: visitors[0]!, address: '127.0.0.1', content: 'm0', clientMessageId: 'c0' })
    const stored = await Promise.all(writes)
    expect(storage().journal.transactions() - before).toBeLessThan(writes.length)
    expect(stored.every((s) => !s.duplicate)).toBe(true)
    expect(await again).toMatchObject({ duplicate: true, message: { id: stored[0]!.message.id } })
    for (const v of visitors) {
      expect((await storage().chat.history(v)).map((m) => m.content)).toEqual(['m0', 'm1', 'm2'])
      expect(await pendingTurns(storage(), v)).toHaveLength(3)
      expect((await storage().chat.visitor(v)).utms).toEqual({ source: 'prueba' })
    }
  })

  it('stores a turn with its replies and memory, ends its pending record, and hands the memory to the next message', async () => {
    const v = visitor()
    const first = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola' })
    expect(first.agentState).toBeNull()
    const replies = await storage().journal.storeTurn({ visitorId: v, answers: first.message.id, replies: ['¡Hola!', '¿Qué buscas?'], state: { turns: 1 } })
    expect(replies?.map((r) => r.content)).toEqual(['¡Hola!', '¿Qué buscas?'])
    expect(await pendingTurns(storage(), v)).toEqual([])
    const second = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'una casa' })
    expect(second.agentState).toEqual({ turns: 1 })
    expect((await storage().chat.history(v)).map((m) => m.role)).toEqual(['user', 'agent', 'agent', 'user'])
  })

  // On PostgreSQL several processes claim; on the embedded database the one process that owns it
  // may claim again, and its turns (chat/turns.ts) run a message once.
  it("stores nothing of a turn whose conversation a person took over meanwhile, and says so on the person's next message", async () => {
    const v = visitor()
    const IDLE_S = 600
    const first = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola', ownerIdleSeconds: IDLE_S })
    expect(first.personOwns).toBe(false)
    // The takeover lands while the agent is thinking about `first`.
    expect(await storage().ownership.take(v, 'asesora-ana', IDLE_S)).toMatchObject({ taken: true })
    const reply = await storage().journal.storeTurn({ visitorId: v, answers: first.message.id, replies: ['¡Hola!'], state: { turns: 1 }, ownerIdleSeconds: IDLE_S })
    expect(reply).toBeNull()
    expect((await storage().chat.history(v)).map((m) => m.content)).toEqual(['hola'])
    expect(await pendingTurns(storage(), v)).toEqual([])
    const second = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: '¿sigues?', ownerIdleSeconds: IDLE_S })
    expect(second).toMatchObject({ personOwns: true, agentState: null })
    // An owner idle longer than the limit no longer holds it.
    const third = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: '¿hola?', ownerIdleSeconds: 0 })
    expect(third.personOwns).toBe(false)
  })

  it('lets one claim take a pending turn nobody answers (exactly one on PostgreSQL)', async () => {
    const v = visitor()
    const stored = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: '¿siguen ahí?', clientMessageId: 'perdido' })
    // On PostgreSQL a record is claimable once it is stale: age it as a dead process would.
    await storage().db.query("UPDATE chat_pending_turns SET claimed_at = now() - interval '1 hour' WHERE message_id = $1", [stored.message.id])
    const [a, b] = await Promise.all([storage().journal.claimPendingTurns(), storage().journal.claimPendingTurns()])
    const mine = [...a!, ...b!].filter((t) => t.visitorId === v)
    expect(mine.length).toBeGreaterThanOrEqual(1)
    if (storage().db.kind === 'postgres') expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ message: { id: stored.message.id, content: '¿siguen ahí?' }, address: '127.0.0.1', agentState: null })
  })

  it('wakes a resend whose turn never ran, once', async () => {
    const v = visitor()
    const stored = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola', clientMessageId: 'x' })
    await storage().db.query("UPDATE chat_pending_turns SET claimed_at = now() - interval '1 hour' WHERE message_id = $1", [stored.message.id])
    const resend = await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola', clientMessageId: 'x' })
    expect(resend).toMatchObject({ duplicate: true, wake: true, message: { id: stored.message.id } })
    if (storage().db.kind === 'postgres') {
      // Claimed now: another resend within the stale time leaves it to the process that woke it.
      expect(await storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola', clientMessageId: 'x' })).toMatchObject({ duplicate: true, wake: false })
    }
  })

  it('fails a bad write alone, not the writes committed with it', async () => {
    const v = visitor()
    const [good, bad] = await Promise.allSettled([
      storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'bien' }),
      storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'nulo \u0000 no cabe en un texto' }),
    ])
    expect(good.status).toBe('fulfilled')
    expect(bad.status).toBe('rejected')
    expect((await storage().chat.history(v)).map((m) => m.content)).toEqual(['bien'])
  })

  it('fails a turn that cannot be stored whole: none of its memory or replies stays, its pending record stays, the writes beside it are stored', async () => {
    const [a, b] = [visitor(), visitor()]
    const [first, other] = await Promise.all([a, b].map((v) => storage().journal.storeVisitorMessage({ visitorId: v, address: '127.0.0.1', content: 'hola' })))
    // One batch: the memory is written before the bad reply fails the statements run with it.
    const [bad, good, next] = await Promise.allSettled([
      storage().journal.storeTurn({ visitorId: a, answers: first!.message.id, replies: ['nulo \u0000'], state: { turns: 1 } }),
      storage().journal.storeTurn({ visitorId: b, answers: other!.message.id, replies: ['¡Hola!'], state: { turns: 1 } }),
      storage().journal.storeVisitorMessage({ visitorId: b, address: '127.0.0.1', content: 'una casa' }),
    ])
    expect(bad.status).toBe('rejected')
    expect(good).toMatchObject({ status: 'fulfilled', value: [{ content: '¡Hola!' }] })
    expect(next).toMatchObject({ status: 'fulfilled', value: { agentState: { turns: 1 } } })
    expect((await storage().chat.history(a)).map((m) => m.content)).toEqual(['hola'])
    expect(await pendingTurns(storage(), a)).toEqual([first!.message.id])
    expect(await storage().journal.storeVisitorMessage({ visitorId: a, address: '127.0.0.1', content: '¿hola?' })).toMatchObject({ agentState: null })
    expect((await storage().chat.history(b)).map((m) => m.content)).toEqual(['hola', '¡Hola!', 'una casa'])
  })

  // Migration 54: the summary's UPDATE was planned once, at the first message on a nearly empty
  // table, and kept scanning chat_visitors whole however many conversations came after.
  it('updates the conversation summary through the index once there are many conversations, whatever it was planned on before', async () => {
    const v = visitor()
    const undone = new Error('undone')
    const scans = await storage()
      .db.transaction(async (tx) => {
        const seqScans = async () =>
          Number((await tx.query<{ n: string }>("SELECT seq_scan AS n FROM pg_stat_xact_user_tables WHERE relname = 'chat_visitors' AND schemaname = current_schema()"))[0]!.n)
        // Per visitor of $1, `count` messages (one INSERT, as a batch of the journal).
        const messages = (visitors: string[], count: number, content: string) =>
          tx.query(
            `INSERT INTO chat_messages (id, visitor_id, role, content)
             SELECT gen_random_uuid()::text, visitor, 'user', $2 FROM unnest($1::text[]) AS visitor, generate_series(1, $3::int)`,
            [visitors, content, count],
          )
        const early = Array.from({ length: 60 }, (_, i) => `${v}-${i}`)
        await tx.query('INSERT INTO chat_visitors (id) SELECT unnest($1::text[])', [[v, ...early]])
        await messages(early, 3, 'hola')
        await tx.query("INSERT INTO chat_visitors (id) SELECT $1 || '-más-' || i FROM generate_series(1, 5000) AS i", [v])
        const before = await seqScans()
        await messages([v], 1, '¿hay casas en Huayacán?')
        const after = await seqScans()
        const [summary] = await tx.query<{ last_text: string }>('SELECT last_text FROM chat_visitors WHERE id = $1', [v])
        throw Object.assign(undone, { result: { scans: after - before, lastText: summary!.last_text } })
      })
      .catch((error: unknown) => {
        if (error !== undone) throw error
        return (error as Error & { result: unknown }).result
      })
    expect(scans).toEqual({ scans: 0, lastText: '¿hay casas en Huayacán?' })
  })
})
