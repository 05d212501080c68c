import { useEffect, useRef, useState } from 'react'
import './property.css'

/** The share URLs of a page's absolute URL. */
export function shareLinks(url: string, title: string) {
  const text = `${title} ${url}`
  return [
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(text)}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { network: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}` },
    { network: 'correo', href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`Mira esta propiedad: ${url}`)}` },
  ]
}

/** Copies text without the Clipboard API (older browsers, insecure origins): a selected textarea and execCommand. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  let copied = false
  try {
    copied = document.execCommand('copy')
  } catch {
    copied = false
  }
  area.remove()
  return copied
}

/**
 * Share links and "Copiar enlace". The absolute URL is only known in the browser, so the server
 * (and the first client render) draws the same links without an href; an effect fills them in
 * with the current origin and the page's path (never a relative URL in a WhatsApp text).
 */
export function Share({ path, title }: { path: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null)
  const [status, setStatus] = useState<{ kind: 'ok' | 'manual'; text: string } | null>(null)
  const manual = useRef<HTMLInputElement>(null)

  useEffect(() => {
    setUrl(new URL(path, location.href).href)
    setStatus(null)
  }, [path])

  useEffect(() => {
    if (status?.kind === 'manual') manual.current?.select()
  }, [status])

  const copy = async () => {
    const href = new URL(path, location.href).href
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no Clipboard API')
      await navigator.clipboard.writeText(href)
      setStatus({ kind: 'ok', text: 'Enlace copiado' })
    } catch {
      if (legacyCopy(href)) setStatus({ kind: 'ok', text: 'Enlace copiado' })
      else setStatus({ kind: 'manual', text: 'No se pudo copiar automáticamente. Copia el enlace de este campo:' })
    }
  }

  const links = shareLinks(url ?? '', title)
  return (
    <section className="prop-share" aria-labelledby="compartir">
      <h2 id="compartir" className="prop-share__heading">Compartir</h2>
      <ul className="prop-share__list">
        {links.map((link) => (
          <li key={link.network}>
            <a
              className="prop-share__link"
              href={url ? link.href : undefined}
              aria-disabled={url ? undefined : 'true'}
              {...(link.network === 'correo' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {link.network === 'correo' ? 'Enviar por correo' : `Compartir en ${link.network}`}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="prop-share__copy" onClick={copy}>
            Copiar enlace
          </button>
        </li>
      </ul>
      <p className="prop-share__status" role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
      {status?.kind === 'manual' && url ? (
        <input ref={manual} className="prop-share__manual" type="text" readOnly value={url} aria-label="Enlace de esta propiedad" onFocus={(e) => e.currentTarget.select()} />
      ) : null}
    </section>
  )
}
