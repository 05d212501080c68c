/**
 * The console's screens (docs/behaviour.md#console): each one an id (its path after /consola/#/),
 * a Spanish label for the navigation and a component. A new screen is one more entry here.
 */
import type { ComponentType } from 'react'
import { lazyComponent } from '../lazy'
import type { ScreenProps } from './props'
import { Inbox } from './Inbox'
import { LiveVisitors } from './LiveVisitors'

/**
 * Screens with heavy dependencies load when first opened, so the inbox's first render does not
 * wait for them: the charts (visx) of Cifras, the settings' rules (zod, colord) of Ajustes, and
 * the pipeline's screens.
 */
const Numbers = lazyComponent(() => import('./Numbers').then((module) => module.Numbers))
const Settings = lazyComponent(() => import('./Settings').then((module) => module.Settings))
const Leads = lazyComponent(() => import('./Leads').then((module) => module.Leads))
const Visits = lazyComponent(() => import('./Visits').then((module) => module.Visits))
const Catalogue = lazyComponent(() => import('./catalogue/Catalogue').then((module) => module.Catalogue))
// The agent's knowledge base: its form checks entries with zod (protocol/knowledge.ts).
const Knowledge = lazyComponent(() => import('./Knowledge').then((module) => module.Knowledge))
// The team's canned replies: its form checks them with zod (protocol/canned.ts).
const CannedReplies = lazyComponent(() => import('./CannedReplies').then((module) => module.CannedReplies))
// Who the agency is: profile, team and the site's texts («Textos»; the catalogue's «Páginas» are its landing pages), each part lazy.
const AgencySection = lazyComponent(() => import('./AgencySection').then((module) => module.AgencySection))
// The accounts' forms check names and photos with zod (protocol/accounts.ts).
const Accounts = lazyComponent(() => import('./Accounts').then((module) => module.Accounts))
const MyAccount = lazyComponent(() => import('./MyAccount').then((module) => module.MyAccount))


export interface Screen {
  id: string
  label: string
  component: ComponentType<ScreenProps>
  /** Only admins see it. */
  adminOnly?: boolean
  /**
   * A part of that section, reached from it: not on the row of sections, which has room for no
   * more at 1280 px (console.css `.topbar`), and the row marks that section while it is open.
   */
  under?: string
}

export const SCREENS: Screen[] = [
  { id: 'conversaciones', label: 'Conversaciones', component: Inbox },
  { id: 'visitantes', label: 'En el sitio', component: LiveVisitors },
  { id: 'prospectos', label: 'Prospectos', component: Leads },
  { id: 'visitas', label: 'Visitas', component: Visits },
  { id: 'cifras', label: 'Cifras', component: Numbers },
  { id: 'catalogo', label: 'Catálogo', component: Catalogue },
  { id: 'ajustes', label: 'Chat', component: Settings, adminOnly: true }, // its heading says «Ajustes del chat»; the row of sections has no room for it
  { id: 'conocimiento', label: 'Conocimiento', component: Knowledge, adminOnly: true },
  { id: 'agencia', label: 'Agencia', component: AgencySection, adminOnly: true },
  { id: 'cuentas', label: 'Cuentas', component: Accounts, adminOnly: true },
  { id: 'mi-cuenta', label: 'Mi cuenta', component: MyAccount },
  // The team's canned replies, linked from «Conversaciones», where they are used.
  { id: 'respuestas', label: 'Respuestas guardadas', component: CannedReplies, under: 'conversaciones' },
]

export const DEFAULT_SCREEN = SCREENS[0]!
/** The signed-in person's own screen: its link shows their name (App.tsx). */
export const ACCOUNT_SCREEN = 'mi-cuenta'
