import { SOUND_NAMES, type SoundName } from '../protocol'

/** A note of an alert: frequency (Hz), start and length (s) from the start of the alert. */
interface Note {
  hz: number
  at: number
  length: number
}

/** sound1..sound5 (docs/behaviour.md#sounds), synthesised with Web Audio: no audio files to download. */
export const SOUNDS: Record<SoundName, readonly Note[]> = {
  sound1: [
    { hz: 880, at: 0, length: 0.12 },
    { hz: 1320, at: 0.13, length: 0.18 },
  ],
  sound2: [{ hz: 660, at: 0, length: 0.25 }],
  sound3: [
    { hz: 523, at: 0, length: 0.1 },
    { hz: 659, at: 0.11, length: 0.1 },
    { hz: 784, at: 0.22, length: 0.16 },
  ],
  sound4: [
    { hz: 988, at: 0, length: 0.08 },
    { hz: 988, at: 0.16, length: 0.08 },
  ],
  sound5: [
    { hz: 1175, at: 0, length: 0.14 },
    { hz: 880, at: 0.15, length: 0.2 },
  ],
}
export const DEFAULT_SOUND: SoundName = 'sound1' // docs/behaviour.md#sounds

const VOLUME = 0.15
/** How long the tab that played an alert keeps the claim, so other tabs stay silent. */
const ALERT_CLAIM_MS = 10_000
/** Hidden tabs wait this long before claiming, so the tab the visitor looks at plays. */
const HIDDEN_TAB_DELAY_MS = 300
/** How long to wait for a suspended audio context to resume before giving up on this alert. */
const RESUME_WAIT_MS = 200

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function soundName(configured: unknown): SoundName {
  return (SOUND_NAMES as readonly unknown[]).includes(configured) ? (configured as SoundName) : DEFAULT_SOUND
}

/** A short stable key for an alert, so every tab that got the same message claims the same lock. */
export function alertKey(text: string): string {
  let hash = 5381
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0
  return hash.toString(36)
}

type AudioWindow = Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }

/**
 * Plays the alert sounds. `unlock()` must run inside a user gesture (the "Recibir alertas" click):
 * browsers keep audio suspended until then. `play()` sounds once across the visitor's tabs: each
 * tab asks for the same Web Lock, and only the one that gets it plays.
 */
export function createSoundPlayer(win: Window) {
  let context: AudioContext | null = null
  const audioContext = (): AudioContext => {
    if (context) return context
    const Context = (win as AudioWindow).AudioContext ?? (win as AudioWindow).webkitAudioContext
    if (!Context) throw new Error('Web Audio is not available')
    return (context = new Context())
  }

  /** A running audio context, or null while the browser still waits for a gesture on this page. */
  const runningContext = async (): Promise<AudioContext | null> => {
    const audio = audioContext()
    if (audio.state !== 'running') await Promise.race([audio.resume(), sleep(RESUME_WAIT_MS)])
    return audio.state === 'running' ? audio : null
  }

  const playNotes = (audio: AudioContext, name: SoundName) => {
    const start = audio.currentTime + 0.01
    for (const note of SOUNDS[name]) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = note.hz
      gain.gain.setValueAtTime(VOLUME, start + note.at)
      gain.gain.exponentialRampToValueAtTime(0.001, start + note.at + note.length)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(start + note.at)
      oscillator.stop(start + note.at + note.length)
    }
  }

  return {
    /** Call from the click that accepts alerts. */
    unlock() {
      const warn = (error: unknown) => console.warn('[chat-widget] Sound alerts are not available in this browser.', error)
      try {
        audioContext().resume().catch(warn)
      } catch (error) {
        warn(error)
      }
    },
    /** Play `name` for the alert `key`, once across tabs; failures are a warning (docs/behaviour.md#sounds). */
    async play(name: SoundName, key: string) {
      try {
        if (win.document.visibilityState === 'hidden') await sleep(HIDDEN_TAB_DELAY_MS)
        // A tab that cannot sound yet (no gesture on this page) leaves the alert to the others.
        const audio = await runningContext()
        if (!audio) {
          console.warn('[chat-widget] The alert sound waits for a click on this page before it can play.')
          return
        }
        const locks = win.navigator.locks
        if (!locks) return playNotes(audio, name)
        await locks.request(`chat-widget-alert:${key}`, { ifAvailable: true }, async (lock) => {
          if (!lock) return // another tab plays this one
          playNotes(audio, name)
          await sleep(ALERT_CLAIM_MS)
        })
      } catch (error) {
        console.warn('[chat-widget] The alert sound could not be played.', error)
      }
    },
    close() {
      void context?.close().catch(() => {})
      context = null
    },
  }
}

export type SoundPlayer = ReturnType<typeof createSoundPlayer>
