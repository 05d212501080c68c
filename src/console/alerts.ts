/**
 * Alerts (docs/behaviour.md#console-alerts): the count in the tab title, a short tone and a
 * desktop notification, the last two only after the agent allowed them.
 */
import { CONSOLE_ALERTS_COOKIE, CONSOLE_PATH } from '../protocol/console'

/** «Consola · Casa Caribe»: the agency's name once its profile is read (docs/agency.md#profile). */
const title = (agencyName: string | undefined) => (agencyName ? `Consola · ${agencyName}` : 'Consola')
/** A short two-note tone: heard, not startling. */
const TONE = [
  { hz: 880, at: 0 },
  { hz: 1320, at: 0.12 },
]
const NOTE_S = 0.1

export const titleWith = (count: number, agencyName?: string) => (count > 0 ? `(${count}) ${title(agencyName)}` : title(agencyName))

let audio: AudioContext | undefined
export function playTone() {
  try {
    audio ??= new AudioContext()
    for (const note of TONE) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.frequency.value = note.hz
      gain.gain.value = 0.08
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(audio.currentTime + note.at)
      oscillator.stop(audio.currentTime + note.at + NOTE_S)
    }
  } catch {
    // No audio here: the title and the notification still tell.
  }
}

export const notificationsAllowed = () => typeof Notification !== 'undefined' && Notification.permission === 'granted'

/** A year: the browser's answer stays until the agent changes it. */
const ALERTS_COOKIE_MAX_AGE_S = 365 * 24 * 3600

/** Tell the server's next render of the page whether to show the alerts banner (CONSOLE_ALERTS_COOKIE). */
export function rememberAlerts(allowed: boolean) {
  document.cookie = `${CONSOLE_ALERTS_COOKIE}=${allowed ? 1 : 0}; Path=${CONSOLE_PATH}; Max-Age=${ALERTS_COOKIE_MAX_AGE_S}; SameSite=Strict`
}

export async function allowAlerts(): Promise<boolean> {
  playTone() // a click unlocks audio in the browser
  if (typeof Notification === 'undefined') return false
  return (await Notification.requestPermission()) === 'granted'
}

export function notify(title: string, body: string, onClick: () => void) {
  if (!notificationsAllowed() || document.hasFocus()) return
  const notification = new Notification(title, { body, tag: title })
  notification.onclick = () => {
    window.focus()
    onClick()
    notification.close()
  }
}
