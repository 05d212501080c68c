import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { whatsappText, whatsappUrl, type SiteIdentity } from '../../shared/agency'
import '../styles/layout.css'

const NAV = [
  { href: '/venta-cancun', label: 'Venta' },
  { href: '/renta-cancun', label: 'Renta' },
  { href: '/preventa-cancun', label: 'Preventa' },
  { href: '/desarrollos-inmobiliarios-cancun', label: 'Desarrollos' },
  { href: '/huayacan-cancun', label: 'Huayacán' },
  { href: '/puerto-cancun', label: 'Puerto Cancún' },
  { href: '/zona-hotelera', label: 'Zona Hotelera' },
  { href: '/blog', label: 'Blog' },
  { href: '/contacto', label: 'Contacto' },
]

const FOOTER_LINKS = [
  { href: '/acerca', label: 'Acerca de nosotros' },
  { href: '/contacto', label: 'Contacto' },
  { href: '/buscar-propiedades', label: 'Buscar propiedades' },
  { href: '/desarrollos-inmobiliarios-cancun', label: 'Desarrollos' },
  { href: '/blog', label: 'Blog' },
  { href: '/politica-de-privacidad', label: 'Aviso de privacidad' },
]

const MENU_ID = 'menu-principal'

/** Brand glyphs (Simple Icons, CC0), 24×24. */
const SOCIAL_ICONS: Record<string, string> = {
  Facebook:
    'M24 12a12 12 0 1 0-13.88 11.85v-8.38H7.08V12h3.04V9.36c0-3.01 1.8-4.67 4.53-4.67 1.31 0 2.69.23 2.69.23v2.95h-1.51c-1.5 0-1.96.93-1.96 1.88V12h3.33l-.53 3.47h-2.8v8.38A12 12 0 0 0 24 12Z',
  Instagram:
    'M12 0C8.74 0 8.33.02 7.05.07 5.78.13 4.9.33 4.14.63a5.9 5.9 0 0 0-2.13 1.38A5.9 5.9 0 0 0 .63 4.14C.33 4.9.13 5.78.07 7.05.02 8.33 0 8.74 0 12s.02 3.67.07 4.95c.06 1.27.26 2.15.56 2.91.31.79.72 1.46 1.38 2.13a5.9 5.9 0 0 0 2.13 1.38c.76.3 1.64.5 2.91.56 1.28.05 1.69.07 4.95.07s3.67-.02 4.95-.07c1.27-.06 2.15-.26 2.91-.56a5.9 5.9 0 0 0 2.13-1.38 5.9 5.9 0 0 0 1.38-2.13c.3-.76.5-1.64.56-2.91.05-1.28.07-1.69.07-4.95s-.02-3.67-.07-4.95c-.06-1.27-.26-2.15-.56-2.91a5.9 5.9 0 0 0-1.38-2.13A5.9 5.9 0 0 0 19.86.63C19.1.33 18.22.13 16.95.07 15.67.02 15.26 0 12 0Zm0 2.16c3.2 0 3.58.01 4.85.07 1.17.05 1.8.25 2.23.41.56.22.96.48 1.38.9.42.42.68.82.9 1.38.16.43.36 1.06.41 2.23.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.05 1.17-.25 1.8-.41 2.23-.22.56-.48.96-.9 1.38-.42.42-.82.68-1.38.9-.43.16-1.06.36-2.23.41-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-1.17-.05-1.8-.25-2.23-.41a3.7 3.7 0 0 1-1.38-.9 3.7 3.7 0 0 1-.9-1.38c-.16-.43-.36-1.06-.41-2.23-.06-1.27-.07-1.65-.07-4.85s.01-3.58.07-4.85c.05-1.17.25-1.8.41-2.23.22-.56.48-.96.9-1.38.42-.42.82-.68 1.38-.9.43-.16 1.06-.36 2.23-.41 1.27-.06 1.65-.07 4.85-.07Zm0 3.68a6.16 6.16 0 1 0 0 12.32 6.16 6.16 0 0 0 0-12.32ZM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm7.85-10.4a1.44 1.44 0 1 1-2.88 0 1.44 1.44 0 0 1 2.88 0Z',
  YouTube:
    'M23.5 6.19a3.02 3.02 0 0 0-2.12-2.14C19.5 3.55 12 3.55 12 3.55s-7.5 0-9.38.5A3.02 3.02 0 0 0 .5 6.19 31.5 31.5 0 0 0 0 12a31.5 31.5 0 0 0 .5 5.81 3.02 3.02 0 0 0 2.12 2.14c1.88.5 9.38.5 9.38.5s7.5 0 9.38-.5a3.02 3.02 0 0 0 2.12-2.14A31.5 31.5 0 0 0 24 12a31.5 31.5 0 0 0-.5-5.81ZM9.55 15.57V8.43L15.82 12l-6.27 3.57Z',
}
const WHATSAPP_ICON =
  'M17.5 14.38c-.3-.15-1.77-.87-2.04-.97-.27-.1-.47-.15-.67.15-.2.3-.77.96-.94 1.16-.18.2-.35.21-.65.07-.3-.15-1.26-.46-2.4-1.48-.89-.8-1.49-1.77-1.66-2.07-.17-.3-.02-.46.13-.61.14-.14.3-.35.45-.52.15-.18.2-.3.3-.5.1-.21.05-.38-.03-.53-.07-.15-.67-1.62-.92-2.2-.24-.59-.49-.51-.67-.51h-.57c-.2 0-.52.07-.8.36-.27.3-1.04 1.02-1.04 2.48 0 1.45 1.07 2.86 1.22 3.07.15.2 2.1 3.2 5.1 4.49.71.3 1.27.48 1.7.63.72.23 1.37.2 1.88.12.57-.09 1.77-.72 2.02-1.43.25-.7.25-1.29.18-1.42-.08-.14-.27-.21-.57-.35Zm-5.45 7.45h-.01a9.87 9.87 0 0 1-5.06-1.38l-.36-.22-3.75.98 1-3.65-.23-.37a9.86 9.86 0 0 1-1.52-5.26c0-5.45 4.46-9.89 9.95-9.89a9.9 9.9 0 0 1 9.93 9.9c0 5.44-4.46 9.89-9.95 9.89Zm8.47-18.38A11.8 11.8 0 0 0 12.05 0C5.46 0 .1 5.33.1 11.89c0 2.1.55 4.14 1.6 5.95L0 24l6.34-1.65a12 12 0 0 0 5.7 1.45h.01c6.59 0 11.95-5.34 11.95-11.9 0-3.17-1.24-6.16-3.5-8.41Z'

/** The agency's name as the header shows it: its last word in the accent colour («Cancún <span>Propiedades</span>»). */
function BrandName({ name }: { name: string }) {
  const cut = name.trim().lastIndexOf(' ')
  return cut > 0 ? <>{name.slice(0, cut)} <span>{name.slice(cut + 1)}</span></> : <>{name}</>
}

function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  )
}

/**
 * Header, main and footer of every page, and the floating WhatsApp link (bottom right; the chat
 * launcher is bottom left). On small screens the navigation folds behind a "Menú" button from
 * the first paint (layout.css, `scripting: enabled`), so hydration shifts nothing; without
 * JavaScript it stays open. `site-header--enhanced` marks a hydrated header, whose button works
 * (docs/behaviour.md#shell).
 */
export function Layout({ path, title = '', site, children }: { path: string; title?: string; site: SiteIdentity; children: ReactNode }) {
  const [enhanced, setEnhanced] = useState(false)
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => setEnhanced(true), [])
  // A navigation closes the menu.
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) setOpen(false)
  }

  const headerClass = `site-header${enhanced ? ' site-header--enhanced' : ''}${open ? ' site-header--open' : ''}`
  return (
    <>
      <a className="skip-link" href="#contenido">Saltar al contenido</a>
      <header className={headerClass}>
        <div className="container site-header__inner">
          <a className="brand" href="/">
            {site.logo ? <img className="brand__logo" src={site.logo} alt="" height={32} /> : null}
            <BrandName name={site.name} />
          </a>
          <button ref={toggle} type="button" className="nav-toggle" aria-expanded={open} aria-controls={MENU_ID} onClick={() => setOpen((was) => !was)}>
            <span className="nav-toggle__bars" aria-hidden="true" />
            Menú
          </button>
          <nav aria-label="Principal" id={MENU_ID} className="site-nav" onClick={closeOnLink}>
            <ul className="nav">
              {NAV.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={path === item.href ? 'page' : undefined}>{item.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="contenido" className="container main">{children}</main>
      <footer className="site-footer">
        <div className="container site-footer__grid">
          <section className="site-footer__block" aria-labelledby="pie-contacto">
            <h2 id="pie-contacto" className="site-footer__title">{site.name}</h2>
            <address className="site-footer__address">
              {site.addressDisplay}
              <br />
              Tel. <a href={`tel:${site.phone}`}>{site.phoneDisplay}</a>
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </address>
            <p className="site-footer__hours">
              {site.hoursDisplay.map((line, i) => (
                <span key={line}>{i > 0 ? <br /> : null}{line}</span>
              ))}
            </p>
          </section>
          <nav className="site-footer__block" aria-labelledby="pie-enlaces">
            <h2 id="pie-enlaces" className="site-footer__title">Enlaces</h2>
            <ul className="site-footer__links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}><a href={link.href}>{link.label}</a></li>
              ))}
            </ul>
          </nav>
          {site.social.length ? <section className="site-footer__block" aria-labelledby="pie-redes">
            <h2 id="pie-redes" className="site-footer__title">Síguenos</h2>
            <ul className="social">
              {site.social.map((item) => (
                <li key={item.url}>
                  <a href={item.url} rel="noopener">
                    {SOCIAL_ICONS[item.network] ? <Icon path={SOCIAL_ICONS[item.network]!} className="social__icon" /> : null}
                    <span>{item.network}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section> : null}
        </div>
        {site.notice ? (
          <div className="container">
            <p className="site-footer__note">{site.notice}</p>
          </div>
        ) : null}
        {/* Fixed to the corner, but inside the footer landmark so no content sits outside a landmark. */}
        <a className="whatsapp-float" href={whatsappUrl(site.whatsapp, whatsappText(title, path, site.name))} aria-label="Escríbenos por WhatsApp" target="_blank" rel="noopener">
          <Icon path={WHATSAPP_ICON} className="whatsapp-float__icon" />
        </a>
      </footer>
    </>
  )
}
