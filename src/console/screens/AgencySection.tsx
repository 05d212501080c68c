/**
 * «Agencia» (admins): who the agency is, in three parts behind one entry of the console's row of
 * sections, which has room for no more at 1280 px (console.css `.topbar`): the profile, the team,
 * the site's texts and the e-mails sent to visitors, each its own screen at #/agencia,
 * #/agencia/equipo, #/agencia/textos, #/agencia/correos.
 */
import { lazyComponent } from '../lazy'
import type { ScreenProps } from './props'

// Each part loads when first opened: zod and libphonenumber-js (profile, team), the blog's text editor (texts).
const PARTS = [
  { param: null, label: 'Perfil', component: lazyComponent(() => import('./Agency').then((module) => module.Agency)) },
  { param: 'equipo', label: 'Equipo', component: lazyComponent(() => import('./Team').then((module) => module.Team)) },
  { param: 'textos', label: 'Textos', component: lazyComponent(() => import('./Pages').then((module) => module.Pages)) },
  // The e-mails sent to visitors: what waits, what failed and why (docs/email.md#console).
  { param: 'correos', label: 'Correos', component: lazyComponent(() => import('./Mail').then((module) => module.Mail)) },
] as const

export function AgencySection(props: ScreenProps) {
  const part = PARTS.find((p) => p.param === props.param) ?? PARTS[0]
  const Part = part.component
  return (
    <>
      <nav aria-label="Partes de la agencia" className="filters">
        {PARTS.map((p) => (
          <a key={p.label} className="chip" href={p.param ? `#/agencia/${p.param}` : '#/agencia'} aria-current={p === part ? 'page' : undefined}>
            {p.label}
          </a>
        ))}
      </nav>
      <Part {...props} />
    </>
  )
}
