/**
 * What every console screen is given, in a module of its own: the registry imports the screens,
 * so the screens take their props from here, never from the registry (no import cycle).
 */
import type { AccountChange, ConsoleAccount } from '../../protocol/console'
import type { Live } from '../live'

export interface ScreenProps {
  account: ConsoleAccount
  live: Live
  /** The rest of the path after the screen's id (e.g. a visitor id). */
  param: string | null
  go: (path: string) => void
  /** The signed-in account as the server answered a change of it («Mi cuenta»): the header shows it at once. */
  accountChanged: (change: AccountChange) => void
}
