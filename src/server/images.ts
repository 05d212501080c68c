import type { IncomingMessage, ServerResponse } from 'node:http'
import { createIPX, createIPXNodeServer, ipxFSStorage, ipxHttpStorage } from 'ipx'
import { SERVER_PATHS } from '../shared/paths'

/** Images never change under one name (new photos get new names), so browsers may keep them a year. */
const IMAGE_MAX_AGE_S = 365 * 24 * 60 * 60

/**
 * The image proxy (design.md §6): /_ipx/w_640&f_webp/images/… resizes and converts with sharp,
 * with ETag and long cache headers. Only content/images and the configured remote hosts.
 */
export function imageProxy(contentDir: string, allowedHosts: string[]) {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: contentDir, maxAge: IMAGE_MAX_AGE_S }),
    httpStorage: ipxHttpStorage({ domains: allowedHosts, maxAge: IMAGE_MAX_AGE_S }),
  })
  const handler = createIPXNodeServer(ipx)
  return (req: IncomingMessage, res: ServerResponse, path: string) => {
    // path: /_ipx/{modifiers}/{source}; only local images/ or an http(s) source go to ipx.
    const rest = path.slice(SERVER_PATHS.images.length)
    const source = rest.slice(rest.indexOf('/', 1) + 1)
    if (!/^\/(?!.*\.\.)/.test(rest) || !(source.startsWith('images/') || /^https?:\/\//.test(source))) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Imagen no encontrada')
      return
    }
    req.url = rest + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '')
    handler(req, res)
  }
}
