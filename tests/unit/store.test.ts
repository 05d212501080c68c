import { describe, expect, it } from 'vitest'
import { PERSON_NAME_MAX_CHARS, type ChatMessage } from '../../src/protocol'
import { createWidgetStore, toChatMessage, type DisplayMessage } from '../../src/widget/store'

const agent = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ role: 'agent', content, ...extra })
const user = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ role: 'user', content, ...extra })
const contents = (list: readonly DisplayMessage[]) => list.map((m) => m.content)

describe('createWidgetStore: closeModalOption (docs/behaviour.md#banner)', () => {
  it('starts false', () => {
    const store = createWidgetStore()
    expect(store.closeModalOption.value).toBe(false)
  })

  it('is true once the banner is dismissed (close action)', () => {
    const store = createWidgetStore()
    store.bannerDismissed.value = true
    expect(store.closeModalOption.value).toBe(true)
  })

  it('is false with only alerts enabled', () => {
    const store = createWidgetStore()
    store.alertsEnabled.value = true
    expect(store.closeModalOption.value).toBe(false)
  })

  it('is false with only location shared', () => {
    const store = createWidgetStore()
    store.locationShared.value = true
    expect(store.closeModalOption.value).toBe(false)
  })

  it('is true when both alerts and location are true, and follows them back', () => {
    const store = createWidgetStore()
    store.alertsEnabled.value = true
    store.locationShared.value = true
    expect(store.closeModalOption.value).toBe(true)
    store.locationShared.value = false
    expect(store.closeModalOption.value).toBe(false)
  })

  it('counts only the buttons the configuration offers (banner_location, banner_alerts)', () => {
    const store = createWidgetStore()
    store.customStyle.value = { banner_location: false }
    expect(store.closeModalOption.value).toBe(false) // alerts still offered and off
    store.alertsEnabled.value = true
    expect(store.closeModalOption.value).toBe(true)
    store.customStyle.value = { banner_location: false, banner_alerts: false }
    store.alertsEnabled.value = false
    expect(store.closeModalOption.value).toBe(true) // nothing to offer: no banner
  })

  it('stays true after dismissal whatever alerts and location do', () => {
    const store = createWidgetStore()
    store.bannerDismissed.value = true
    store.alertsEnabled.value = true
    store.alertsEnabled.value = false
    expect(store.closeModalOption.value).toBe(true)
  })

  it('each store has its own state', () => {
    const a = createWidgetStore()
    const b = createWidgetStore()
    a.bannerDismissed.value = true
    a.addMessage(agent('only in a'))
    expect(b.closeModalOption.value).toBe(false)
    expect(b.messages.value).toEqual([])
  })
})

describe('createWidgetStore: who types and whether the visitor waits (docs/behaviour.md#typing-indicator)', () => {
  const state = (store: ReturnType<typeof createWidgetStore>) => ({
    typing: store.typing.value,
    name: store.typist.value?.name ?? null,
    locked: store.awaitingReply.value,
  })

  it("the automated agent's reply in progress shows the indicator and locks the composer (the spec)", () => {
    const store = createWidgetStore()
    store.setTyping('in-progress')
    expect(state(store)).toEqual({ typing: true, name: null, locked: true })
    store.setTyping('done')
    expect(state(store)).toEqual({ typing: false, name: null, locked: false })
  })

  it('a person typing shows the indicator under their name and never locks the visitor', () => {
    const store = createWidgetStore()
    store.setTyping('in-progress', { by: 'person', name: ' Ana López ' })
    expect(state(store)).toEqual({ typing: true, name: 'Ana López', locked: false })
    store.setTyping('done')
    expect(state(store)).toEqual({ typing: false, name: null, locked: false })
  })

  it('a person without a usable name still does not lock (the indicator keeps the instance name)', () => {
    const store = createWidgetStore()
    for (const name of [undefined, '', '   ', 42, 'x'.repeat(PERSON_NAME_MAX_CHARS + 1)]) {
      store.setTyping('in-progress', { by: 'person', name })
      expect(state(store)).toEqual({ typing: true, name: null, locked: false })
    }
  })

  it('anything but a person is the automated agent: the lock stays', () => {
    const store = createWidgetStore()
    for (const author of [null, 'person', { by: 'bot', name: 'Ana' }, { name: 'Ana' }, []]) {
      store.setTyping('in-progress', author)
      expect(state(store)).toEqual({ typing: true, name: null, locked: true })
    }
  })

  it("the automated agent typing after a person takes the lock back; the person's name does not linger", () => {
    const store = createWidgetStore()
    store.setTyping('in-progress', { by: 'person', name: 'Ana' })
    store.setTyping('in-progress')
    expect(state(store)).toEqual({ typing: true, name: null, locked: true })
  })

  it('a detail with another state than in-progress is ignored; a state that is not text hides the indicator', () => {
    const store = createWidgetStore()
    store.setTyping('done', { by: 'person', name: 'Ana' })
    expect(state(store)).toEqual({ typing: false, name: null, locked: false })
    store.setTyping({ state: 'in-progress' })
    expect(store.typingState.value).toBe('')
    expect(state(store)).toEqual({ typing: false, name: null, locked: false })
  })
})

describe('createWidgetStore: addMessage / markAllSent', () => {
  it('appends in order with unique keys and increasing seq', () => {
    const store = createWidgetStore()
    const added = [
      store.addMessage(user('one')),
      store.addMessage(agent('two')),
      store.addMessage(user('three')),
      store.addMessage(agent('four', { id: 'srv-1' })),
    ]
    expect(contents(store.messages.value)).toEqual(['one', 'two', 'three', 'four'])
    const keys = store.messages.value.map((m) => m.key)
    expect(new Set(keys).size).toBe(4)
    const seqs = store.messages.value.map((m) => m.seq)
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!)
    expect(added.map((m) => m.key)).toEqual(keys)
  })

  it('uses the server id as key when there is one', () => {
    const store = createWidgetStore()
    expect(store.addMessage(agent('x', { id: 'abc' })).key).toBe('id:abc')
  })

  it('nextSeq is the seq the next message gets', () => {
    const store = createWidgetStore()
    store.addMessage(user('a'))
    const next = store.nextSeq
    expect(store.addMessage(user('b')).seq).toBe(next)
    expect(store.nextSeq).toBe(next + 1)
  })

  it('keeps role, content and ids of the added message', () => {
    const store = createWidgetStore()
    const shown = store.addMessage(user('hola', { clientMessageId: 'c-1' }))
    expect(shown).toMatchObject({ role: 'user', content: 'hola', clientMessageId: 'c-1' })
    expect(shown.pending).toBeUndefined()
  })

  it('marks a message pending only when asked', () => {
    const store = createWidgetStore()
    store.addMessage(user('sent'))
    store.addMessage(user('queued'), true)
    expect(store.messages.value.map((m) => m.pending === true)).toEqual([false, true])
  })

  it('markAllSent clears every pending flag and keeps the rest', () => {
    const store = createWidgetStore()
    store.addMessage(user('a'), true)
    store.addMessage(agent('b'))
    store.addMessage(user('c'), true)
    store.markAllSent()
    expect(store.messages.value.some((m) => m.pending)).toBe(false)
    expect(contents(store.messages.value)).toEqual(['a', 'b', 'c'])
  })

  it('markAllSent with nothing pending leaves the list as it is (same array)', () => {
    const store = createWidgetStore()
    store.addMessage(user('a'))
    const before = store.messages.value
    store.markAllSent()
    expect(store.messages.value).toBe(before)
  })

  // BUG (store.ts, toDisplay): the key is `message.id ?? \`m${seq}\``, so a server id that looks
  // like a generated key (e.g. 'm0') collides with the key of a message that had no id.
  it('keys stay unique when a server id looks like a generated key', () => {
    const store = createWidgetStore()
    store.addMessage(user('no id')) // key m0
    store.addMessage(agent('server message', { id: 'm0' }))
    const keys = store.messages.value.map((m) => m.key)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('createWidgetStore: syncHistory', () => {
  it('replaces older local messages with the server history', () => {
    const store = createWidgetStore()
    store.addMessage(user('old local'))
    store.addMessage(agent('old reply'))
    const since = store.nextSeq
    store.syncHistory([user('h1', { id: '1' }), agent('h2', { id: '2' })], since)
    expect(contents(store.messages.value)).toEqual(['h1', 'h2'])
    expect(store.messages.value.map((m) => m.key)).toEqual(['id:1', 'id:2'])
  })

  it('keeps messages added at or after sinceSeq, after the history', () => {
    const store = createWidgetStore()
    store.addMessage(user('before'))
    const since = store.nextSeq
    store.addMessage(agent('arrived while asking'))
    store.addMessage(user('typed while asking'))
    store.syncHistory([user('h1'), agent('h2')], since)
    expect(contents(store.messages.value)).toEqual(['h1', 'h2', 'arrived while asking', 'typed while asking'])
  })

  it('keeps pending messages even when older than sinceSeq', () => {
    const store = createWidgetStore()
    store.addMessage(user('sent before'))
    store.addMessage(user('offline one', { clientMessageId: 'p1' }), true)
    const since = store.nextSeq
    store.syncHistory([agent('h1')], since)
    expect(contents(store.messages.value)).toEqual(['h1', 'offline one'])
    expect(store.messages.value[1]!.pending).toBe(true)
  })

  it('shows once a local message whose clientMessageId is in the history', () => {
    const store = createWidgetStore()
    const since = store.nextSeq
    store.addMessage(user('hola', { clientMessageId: 'c-1' }))
    store.addMessage(user('queued', { clientMessageId: 'c-2' }), true)
    store.syncHistory([user('hola', { id: 's1', clientMessageId: 'c-1' }), user('queued', { id: 's2', clientMessageId: 'c-2' })], since)
    expect(contents(store.messages.value)).toEqual(['hola', 'queued'])
    expect(store.messages.value.map((m) => m.key)).toEqual(['id:s1', 'id:s2'])
    expect(store.messages.value.some((m) => m.pending)).toBe(false)
  })

  it('keeps a local message whose clientMessageId the server does not have', () => {
    const store = createWidgetStore()
    const since = store.nextSeq
    store.addMessage(user('new', { clientMessageId: 'c-new' }))
    store.syncHistory([user('other', { clientMessageId: 'c-other' })], since)
    expect(contents(store.messages.value)).toEqual(['other', 'new'])
  })

  it('an empty history keeps what is on screen', () => {
    const store = createWidgetStore()
    store.addMessage(user('a'))
    store.addMessage(agent('b'))
    const before = store.messages.value
    store.syncHistory([], store.nextSeq)
    expect(store.messages.value).toBe(before)
    expect(contents(store.messages.value)).toEqual(['a', 'b'])
  })

  it('history messages get fresh, unique keys and seqs below the next message', () => {
    const store = createWidgetStore()
    store.syncHistory([agent('a'), agent('b'), agent('c')], store.nextSeq)
    const keys = store.messages.value.map((m) => m.key)
    expect(new Set(keys).size).toBe(3)
    const later = store.addMessage(user('d'))
    for (const m of store.messages.value.slice(0, 3)) expect(m.seq).toBeLessThan(later.seq)
  })

  // BUG (store.ts, syncHistory): only clientMessageId is used to drop local copies of history
  // messages. A server message (with an id, no clientMessageId, e.g. an agent reply) that arrives
  // as `response` after the history was asked for, and is also in the history, shows twice with
  // the same React key.
  it('shows once a message received after the request that the history also has (same id)', () => {
    const store = createWidgetStore()
    const since = store.nextSeq
    store.addMessage(agent('reply', { id: 'srv-9' }))
    store.syncHistory([user('q', { id: 'srv-8' }), agent('reply', { id: 'srv-9' })], since)
    expect(contents(store.messages.value)).toEqual(['q', 'reply'])
  })
})

describe('toChatMessage', () => {
  it('turns a string payload into a message with the fallback role', () => {
    expect(toChatMessage('hola')).toEqual({ role: 'agent', content: 'hola' })
    expect(toChatMessage('hola', 'user')).toEqual({ role: 'user', content: 'hola' })
  })

  it('drops empty and whitespace-only strings', () => {
    expect(toChatMessage('')).toBeNull()
    expect(toChatMessage('  \n\t ')).toBeNull()
  })

  it('reads role and content from an object', () => {
    expect(toChatMessage({ role: 'user', content: 'hi' })).toEqual({ role: 'user', content: 'hi' })
    expect(toChatMessage({ role: 'agent', content: 'hello' })).toEqual({ role: 'agent', content: 'hello' })
  })

  it('uses the fallback role when role is missing', () => {
    expect(toChatMessage({ content: 'x' })).toEqual({ role: 'agent', content: 'x' })
    expect(toChatMessage({ content: 'x' }, 'user')).toEqual({ role: 'user', content: 'x' })
  })

  it.each(['assistant', 'bot', 'system', 'AGENT'])('maps role %s to agent', (role) => {
    expect(toChatMessage({ role, content: 'x' }, 'user')?.role).toBe('agent')
  })

  it('shows a number or boolean content as text', () => {
    expect(toChatMessage({ role: 'agent', content: 42 })).toEqual({ role: 'agent', content: '42' })
    expect(toChatMessage({ role: 'agent', content: 0 })).toEqual({ role: 'agent', content: '0' })
    expect(toChatMessage({ role: 'agent', content: false })).toEqual({ role: 'agent', content: 'false' })
  })

  it.each([
    ['an object', { text: 'x' }],
    ['an array', ['x']],
    ['null', null],
    ['undefined', undefined],
    ['whitespace', '   '],
  ])('drops a message whose content is %s', (_label, content) => {
    expect(toChatMessage({ role: 'agent', content })).toBeNull()
  })

  it.each([null, undefined, 42, true, [], {}])('drops a non-message payload %j', (raw) => {
    expect(toChatMessage(raw)).toBeNull()
  })

  it('carries over a string or numeric id and a string clientMessageId', () => {
    expect(toChatMessage({ role: 'user', content: 'a', id: 'x1', clientMessageId: 'c1' })).toEqual({
      role: 'user',
      content: 'a',
      id: 'x1',
      clientMessageId: 'c1',
    })
    expect(toChatMessage({ role: 'agent', content: 'a', id: 7 })?.id).toBe('7')
  })

  it('ignores ids of other types', () => {
    const message = toChatMessage({ role: 'agent', content: 'a', id: { x: 1 }, clientMessageId: 5 })
    expect(message).toEqual({ role: 'agent', content: 'a' })
    expect(message).not.toHaveProperty('id')
    expect(message).not.toHaveProperty('clientMessageId')
  })

  it('drops unknown fields (only role, content and ids come through)', () => {
    const message = toChatMessage({ role: 'agent', content: 'a', html: '<img src=x onerror=alert(1)>', pending: true })
    expect(message).toEqual({ role: 'agent', content: 'a' })
  })

  it('keeps the content as sent (no trimming of real text)', () => {
    expect(toChatMessage({ role: 'agent', content: '  hola  ' })?.content).toBe('  hola  ')
  })
})
