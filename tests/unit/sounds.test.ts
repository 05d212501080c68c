import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SOUND_NAMES, type SoundName } from '../../src/protocol'
import { DEFAULT_SOUND, SOUNDS, alertKey, createSoundPlayer, soundName } from '../../src/widget/sounds'

// ---------------------------------------------------------------------------------------------
// Fakes: a Web Audio context that records what is played, a Web Locks manager shared by "tabs",
// and a window object holding them.
// ---------------------------------------------------------------------------------------------

interface PlayedNote {
  tab: string
  hz: number
  type: string
  start: number
  stop: number
  gainAt: number[]
  rampTo: number[]
  toGain: boolean
  toDestination: boolean
}

/** Every note started by any fake context, in order. */
let played: PlayedNote[] = []

type ResumeMode = 'resolves' | 'never' | 'rejects'

function fakeAudioContextClass(tab: string, mode: ResumeMode = 'resolves') {
  const instances: FakeAudioContext[] = []
  class FakeAudioContext {
    state: 'suspended' | 'running' | 'closed' = 'suspended'
    currentTime = 5
    readonly destination = { kind: 'destination' }
    resumeCalls = 0
    closed = false
    constructor() {
      instances.push(this)
    }
    resume(): Promise<void> {
      this.resumeCalls++
      if (mode === 'never') return new Promise<void>(() => {})
      if (mode === 'rejects') return Promise.reject(new Error('resume refused'))
      return Promise.resolve().then(() => {
        this.state = 'running'
      })
    }
    close(): Promise<void> {
      this.closed = true
      this.state = 'closed'
      return Promise.resolve()
    }
    createGain() {
      const gainNode = {
        setAt: [] as number[],
        rampAt: [] as number[],
        values: [] as number[],
        rampValues: [] as number[],
        connectedTo: [] as unknown[],
        gain: {
          setValueAtTime: (value: number, time: number) => {
            gainNode.values.push(value)
            gainNode.setAt.push(time)
          },
          exponentialRampToValueAtTime: (value: number, time: number) => {
            gainNode.rampValues.push(value)
            gainNode.rampAt.push(time)
          },
        },
        connect: (target: unknown) => {
          gainNode.connectedTo.push(target)
          return target
        },
      }
      return gainNode
    }
    createOscillator() {
      const context = this
      const record: { target?: unknown; start?: number; type: string; frequency: { value: number } } = {
        type: 'unset',
        frequency: { value: 0 },
      }
      return {
        get type() {
          return record.type
        },
        set type(value: string) {
          record.type = value
        },
        frequency: record.frequency,
        connect(target: ReturnType<FakeAudioContext['createGain']>) {
          record.target = target
          return target
        },
        start(time: number) {
          record.start = time
        },
        stop(time: number) {
          const gain = record.target as ReturnType<FakeAudioContext['createGain']> | undefined
          played.push({
            tab,
            hz: record.frequency.value,
            type: record.type,
            start: record.start ?? Number.NaN,
            stop: time,
            gainAt: gain?.setAt ?? [],
            rampTo: gain?.rampAt ?? [],
            toGain: gain !== undefined,
            toDestination: gain?.connectedTo.includes(context.destination) ?? false,
          })
          if (gain) gain.values.forEach((value) => expect(value).toBeGreaterThan(0))
        },
      }
    }
  }
  return { Class: FakeAudioContext, instances }
}

type LockCallback = (lock: { name: string } | null) => unknown

/** Web Locks with the ifAvailable semantics, shared between tabs (same origin). */
function fakeLockManager() {
  const held = new Set<string>()
  const requests: string[] = []
  return {
    held,
    requests,
    async request(name: string, options: { ifAvailable?: boolean }, callback: LockCallback) {
      requests.push(name)
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        throw new Error('the fake only implements ifAvailable')
      }
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    },
  }
}

interface TabOptions {
  name?: string
  audio?: 'AudioContext' | 'webkitAudioContext' | 'none'
  resume?: ResumeMode
  locks?: ReturnType<typeof fakeLockManager> | null
  visibility?: DocumentVisibilityState
}

function fakeTab(options: TabOptions = {}) {
  const name = options.name ?? 'tab'
  const audio = fakeAudioContextClass(name, options.resume)
  const doc = { visibilityState: options.visibility ?? 'visible' }
  const win: Record<string, unknown> = {
    document: doc,
    navigator: options.locks === null ? {} : { locks: options.locks ?? fakeLockManager() },
  }
  if ((options.audio ?? 'AudioContext') !== 'none') win[options.audio ?? 'AudioContext'] = audio.Class
  const player = createSoundPlayer(win as unknown as Window)
  return { player, audio, doc, win }
}

/** The notes a sound should produce, as [hz, start offset, length] from the alert's start. */
const expected = (name: SoundName) => SOUNDS[name].map((note) => [note.hz, note.at, note.length] as const)

const notesOf = (tab: string) => played.filter((note) => note.tab === tab)

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  played = []
  vi.useFakeTimers()
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.clearAllTimers()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

// ---------------------------------------------------------------------------------------------

describe('soundName (docs/behaviour.md#sounds)', () => {
  it.each(['sound1', 'sound2', 'sound3', 'sound4', 'sound5'])('keeps %s', (name) => {
    expect(soundName(name)).toBe(name)
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['sound6', 'sound6'],
    ['sound0', 'sound0'],
    ['upper case', 'SOUND2'],
    ['padded', ' sound2 '],
    ['a number', 2],
    ['an object', { name: 'sound2' }],
    ['an array', ['sound2']],
    ['a file name', 'sound2.mp3'],
  ])('turns %s into sound1', (_label, value) => {
    expect(soundName(value)).toBe('sound1')
  })

  it('the default is sound1', () => {
    expect(DEFAULT_SOUND).toBe('sound1')
  })
})

describe('alertKey', () => {
  it('is stable', () => {
    expect(alertKey('Hola, tenemos 3 casas en Tulum')).toBe(alertKey('Hola, tenemos 3 casas en Tulum'))
    expect(alertKey('')).toBe(alertKey(''))
  })

  it('differs for different texts', () => {
    const texts = [
      '',
      'a',
      'b',
      'ab',
      'ba',
      'Hola',
      'hola',
      'Hola ',
      'msg-1',
      'msg-2',
      'msg-10',
      '¿Le interesa una visita?',
      '¿Le interesa una visita.',
      'x'.repeat(5000),
      'x'.repeat(5001),
      '🏠 Casa en venta',
    ]
    const keys = texts.map(alertKey)
    expect(new Set(keys).size).toBe(texts.length)
  })

  it('is short and made of base-36 characters', () => {
    for (const text of ['', 'a', 'x'.repeat(100_000), 'Ñandú 🏖️ Cancún'.repeat(50)]) {
      const key = alertKey(text)
      expect(key).toMatch(/^[0-9a-z]{1,7}$/)
    }
  })

  it('has a known value (djb2-xor), so every tab computes the same', () => {
    expect(alertKey('')).toBe((5381).toString(36))
    expect(alertKey('a')).toBe((((5381 * 33) ^ 97) >>> 0).toString(36))
  })
})

describe('SOUNDS', () => {
  it('has exactly sound1..sound5', () => {
    expect(Object.keys(SOUNDS).sort()).toStrictEqual([...SOUND_NAMES].sort())
  })

  it('the five patterns are distinct', () => {
    const patterns = SOUND_NAMES.map((name) => JSON.stringify(SOUNDS[name]))
    expect(new Set(patterns).size).toBe(5)
  })

  it('every note is audible, starts at or after 0 and is short', () => {
    for (const name of SOUND_NAMES) {
      const notes = SOUNDS[name]
      expect(notes.length).toBeGreaterThan(0)
      for (const note of notes) {
        expect(note.hz).toBeGreaterThanOrEqual(200)
        expect(note.hz).toBeLessThanOrEqual(4000)
        expect(note.at).toBeGreaterThanOrEqual(0)
        expect(note.length).toBeGreaterThan(0)
        expect(note.at + note.length).toBeLessThanOrEqual(1)
      }
    }
  })
})

describe('createSoundPlayer', () => {
  it('unlock() creates the context and resumes it', async () => {
    const { player, audio } = fakeTab()
    expect(audio.instances).toHaveLength(0) // nothing until the gesture
    player.unlock()
    expect(audio.instances).toHaveLength(1)
    expect(audio.instances[0]!.resumeCalls).toBe(1)
    await Promise.resolve()
    expect(audio.instances[0]!.state).toBe('running')
    player.unlock()
    expect(audio.instances).toHaveLength(1) // one context per player
  })

  it.each(SOUND_NAMES.map((name) => [name]))('play(%s) after unlock() starts exactly its notes', async (name) => {
    const { player, audio } = fakeTab({ name: 'A' })
    player.unlock()
    const done = player.play(name, 'k1')
    // play() holds the claim for 10 s: run it out.
    await vi.runAllTimersAsync()
    await done
    const first = notesOf('A')
    expect(first).toHaveLength(SOUNDS[name].length)
    expect(first.map((note) => note.hz)).toStrictEqual(expected(name).map(([hz]) => hz))
    const start = audio.instances[0]!.currentTime + 0.01
    first.forEach((note, i) => {
      const [, at, length] = expected(name)[i]!
      expect(note.type).toBe('sine')
      expect(note.start).toBeCloseTo(start + at, 9)
      expect(note.stop).toBeCloseTo(start + at + length, 9)
      expect(note.gainAt).toHaveLength(1)
      expect(note.gainAt[0]).toBeCloseTo(start + at, 9)
      expect(note.rampTo[0]).toBeCloseTo(start + at + length, 9)
      expect(note.toGain).toBe(true)
      expect(note.toDestination).toBe(true)
    })
    expect(warn).not.toHaveBeenCalled()
  })

  it('plays the notes of the chosen sound at once, before the 10 s claim ends', async () => {
    const { player } = fakeTab({ name: 'A' })
    player.unlock()
    const done = player.play('sound3', 'k1')
    await vi.advanceTimersByTimeAsync(0)
    expect(notesOf('A').map((note) => note.hz)).toStrictEqual([523, 659, 784])
    let settled = false
    void done.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(9_999)
    expect(settled).toBe(false) // still holding the claim
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
    expect(notesOf('A')).toHaveLength(3)
  })

  it('play() resumes a context that unlock() left suspended and still plays', async () => {
    const { player, audio } = fakeTab({ name: 'A' })
    player.unlock() // resume() not yet settled
    expect(audio.instances[0]!.state).toBe('suspended')
    const done = player.play('sound2', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(notesOf('A').map((note) => note.hz)).toStrictEqual([660])
    await vi.runAllTimersAsync()
    await done
  })

  it('uses webkitAudioContext when AudioContext is missing', async () => {
    const { player, audio } = fakeTab({ name: 'W', audio: 'webkitAudioContext' })
    player.unlock()
    const done = player.play('sound4', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(audio.instances).toHaveLength(1)
    expect(notesOf('W').map((note) => note.hz)).toStrictEqual([988, 988])
    await vi.runAllTimersAsync()
    await done
  })

  it('two tabs sharing a lock manager play the same alert only once', async () => {
    const locks = fakeLockManager()
    const a = fakeTab({ name: 'A', locks })
    const b = fakeTab({ name: 'B', locks })
    a.player.unlock()
    b.player.unlock()
    await vi.advanceTimersByTimeAsync(0)
    const key = alertKey('Nuevo mensaje del agente')
    const playA = a.player.play('sound1', key)
    const playB = b.player.play('sound1', key)
    await vi.advanceTimersByTimeAsync(0)
    expect(locks.requests).toStrictEqual([`chat-widget-alert:${key}`, `chat-widget-alert:${key}`])
    expect(played.map((note) => note.hz)).toStrictEqual([880, 1320])
    const tabs = new Set(played.map((note) => note.tab))
    expect(tabs.size).toBe(1)
    // The second tab answered at once (it did not wait for the 10 s claim).
    let bDone = false
    let aDone = false
    void playB.then(() => (bDone = true))
    void playA.then(() => (aDone = true))
    await vi.advanceTimersByTimeAsync(0)
    expect([aDone, bDone].filter(Boolean)).toHaveLength(1)
    await vi.runAllTimersAsync()
    expect(aDone && bDone).toBe(true)
    expect(played).toHaveLength(2)
    expect(warn).not.toHaveBeenCalled()
  })

  it('a different alert key plays again while the first claim is held', async () => {
    const locks = fakeLockManager()
    const a = fakeTab({ name: 'A', locks })
    const b = fakeTab({ name: 'B', locks })
    a.player.unlock()
    b.player.unlock()
    await vi.advanceTimersByTimeAsync(0)
    void a.player.play('sound1', alertKey('primero'))
    void b.player.play('sound1', alertKey('primero'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(played).toHaveLength(2)
    void b.player.play('sound5', alertKey('segundo'))
    void a.player.play('sound5', alertKey('segundo'))
    await vi.advanceTimersByTimeAsync(0)
    expect(played.map((note) => note.hz)).toStrictEqual([880, 1320, 1175, 880])
    expect(new Set(played.slice(2).map((note) => note.tab)).size).toBe(1)
    await vi.runAllTimersAsync()
  })

  it('holds the claim for 10 s: the same key is silent until then, and plays again after', async () => {
    const locks = fakeLockManager()
    const a = fakeTab({ name: 'A', locks })
    const b = fakeTab({ name: 'B', locks })
    a.player.unlock()
    b.player.unlock()
    await vi.advanceTimersByTimeAsync(0)
    void a.player.play('sound2', 'same')
    await vi.advanceTimersByTimeAsync(9_990)
    void b.player.play('sound2', 'same')
    await vi.advanceTimersByTimeAsync(0)
    expect(played.map((note) => note.tab)).toStrictEqual(['A'])
    await vi.advanceTimersByTimeAsync(10)
    expect(locks.held.size).toBe(0)
    void b.player.play('sound2', 'same')
    await vi.advanceTimersByTimeAsync(0)
    expect(played.map((note) => note.tab)).toStrictEqual(['A', 'B'])
    await vi.runAllTimersAsync()
  })

  it('the same tab does not play the same alert twice within the claim', async () => {
    const { player } = fakeTab({ name: 'A' })
    player.unlock()
    void player.play('sound1', 'dup')
    void player.play('sound1', 'dup')
    await vi.advanceTimersByTimeAsync(0)
    expect(played).toHaveLength(2) // the two notes of sound1, once
    await vi.runAllTimersAsync()
  })

  it('a context that never resumes plays nothing, warns, and leaves the alert to another tab', async () => {
    const locks = fakeLockManager()
    const stuck = fakeTab({ name: 'stuck', locks, resume: 'never' })
    const other = fakeTab({ name: 'other', locks })
    stuck.player.unlock()
    other.player.unlock()
    await vi.advanceTimersByTimeAsync(0)

    const stuckPlay = stuck.player.play('sound1', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(warn).not.toHaveBeenCalled() // still waiting for resume()
    await vi.advanceTimersByTimeAsync(200)
    await expect(stuckPlay).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('[chat-widget]')
    expect(notesOf('stuck')).toHaveLength(0)
    expect(locks.requests).toStrictEqual([]) // lock not taken
    expect(locks.held.size).toBe(0)

    void other.player.play('sound1', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(notesOf('other').map((note) => note.hz)).toStrictEqual([880, 1320])
    await vi.runAllTimersAsync()
  })

  it('a context whose resume() rejects plays nothing and warns', async () => {
    const { player } = fakeTab({ name: 'R', resume: 'rejects' })
    const done = player.play('sound1', 'k')
    await vi.advanceTimersByTimeAsync(300)
    await expect(done).resolves.toBeUndefined()
    expect(played).toHaveLength(0)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('could not be played')
  })

  // Source bug (src/widget/sounds.ts, unlock(), `void audioContext().resume()`): the try/catch
  // only covers a synchronous throw. When resume() rejects (e.g. InvalidStateError), nothing
  // handles the promise, so the host page gets an "Uncaught (in promise)" unhandledrejection
  // instead of the warning of docs/behaviour.md#sounds. Expected: the rejection is handled (warned).
  it('unlock() handles a resume() that rejects (no unhandled rejection)', async () => {
    const { player, audio } = fakeTab({ name: 'R', resume: 'rejects' })
    let handled = false
    const resume = audio.Class.prototype.resume
    // Not vi.spyOn: a spy attaches its own handlers to returned promises.
    audio.Class.prototype.resume = function (this: InstanceType<typeof audio.Class>) {
      const promise = resume.call(this)
      promise.catch(() => {}) // keep this test run itself free of a real unhandled rejection
      const then = promise.then.bind(promise)
      // Promise.race / await / .catch all end up calling .then with a rejection handler.
      promise.then = ((onFulfilled?: unknown, onRejected?: unknown) => {
        if (typeof onRejected === 'function') handled = true
        return then(onFulfilled as never, onRejected as never)
      }) as typeof promise.then
      return promise
    }
    expect(() => player.unlock()).not.toThrow()
    await vi.advanceTimersByTimeAsync(0)
    expect(handled).toBe(true)
  })

  it('without Web Audio: unlock() warns, play() warns, nothing throws', async () => {
    const { player } = fakeTab({ name: 'none', audio: 'none' })
    expect(() => player.unlock()).not.toThrow()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('[chat-widget]')
    const done = player.play('sound1', 'k')
    await vi.runAllTimersAsync()
    await expect(done).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(String(warn.mock.calls[1]?.[0])).toContain('[chat-widget]')
    expect(played).toHaveLength(0)
    expect(() => player.close()).not.toThrow()
  })

  it('without navigator.locks it plays directly', async () => {
    const { player } = fakeTab({ name: 'nolocks', locks: null })
    player.unlock()
    const done = player.play('sound3', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(notesOf('nolocks').map((note) => note.hz)).toStrictEqual([523, 659, 784])
    // Nothing to hold: it is done without waiting for the 10 s claim.
    let settled = false
    void done.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it('a hidden tab waits 300 ms before claiming, so the visible tab plays', async () => {
    const locks = fakeLockManager()
    const hidden = fakeTab({ name: 'hidden', locks, visibility: 'hidden' })
    const visible = fakeTab({ name: 'visible', locks })
    hidden.player.unlock()
    visible.player.unlock()
    await vi.advanceTimersByTimeAsync(0)

    // The hidden tab hears of the message first, yet the visible one plays it.
    void hidden.player.play('sound2', 'k')
    await vi.advanceTimersByTimeAsync(100)
    expect(locks.requests).toHaveLength(0)
    void visible.player.play('sound2', 'k')
    await vi.advanceTimersByTimeAsync(0)
    expect(locks.requests).toHaveLength(1)
    expect(played.map((note) => note.tab)).toStrictEqual(['visible'])

    await vi.advanceTimersByTimeAsync(199)
    expect(locks.requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(locks.requests).toHaveLength(2)
    expect(played.map((note) => note.tab)).toStrictEqual(['visible'])
    await vi.runAllTimersAsync()
  })

  it('a hidden tab alone still plays, after 300 ms', async () => {
    const { player } = fakeTab({ name: 'hidden', visibility: 'hidden' })
    player.unlock()
    void player.play('sound5', 'k')
    await vi.advanceTimersByTimeAsync(299)
    expect(played).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(played.map((note) => note.hz)).toStrictEqual([1175, 880])
    await vi.runAllTimersAsync()
  })

  it('close() closes the context, and a later unlock() makes a new one', async () => {
    const { player, audio } = fakeTab({ name: 'A' })
    player.unlock()
    await vi.advanceTimersByTimeAsync(0)
    player.close()
    expect(audio.instances[0]!.closed).toBe(true)
    player.unlock()
    expect(audio.instances).toHaveLength(2)
    const done = player.play('sound1', 'after-close')
    await vi.advanceTimersByTimeAsync(0)
    expect(played).toHaveLength(2)
    await vi.runAllTimersAsync()
    await done
  })
})
