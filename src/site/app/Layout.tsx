import type { ReactNode } from 'react'

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

/** Header, main and footer of every page. */
export function Layout({ path, children }: { path: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#contenido">Saltar al contenido</a>
      <header className="site-header">
        <div className="container site-header__inner">
          <a className="brand" href="/">Cancún <span>Propiedades</span></a>
          <nav aria-label="Principal">
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
        <div className="container">
          <p><strong>Cancún Propiedades</strong> · Av. Bonampak, SM 10, Cancún, Q. Roo · Tel. 998 123 4567 · hola@cancunpropiedades.mx</p>
          <p><a href="/acerca">Acerca</a> · <a href="/contacto">Contacto</a> · <a href="/politica-de-privacidad">Aviso de privacidad</a> · <a href="/buscar-propiedades">Buscar propiedades</a></p>
          <p className="site-footer__note">Contenido de demostración: propiedades, precios e imágenes son ficticios.</p>
        </div>
      </footer>
    </>
  )
}
