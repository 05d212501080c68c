/**
 * HTTP as the attack's clients make it: node:http with a chosen source address (any 127/8 one on
 * Linux, which the server sees as the client's since TRUST_PROXY is off), keep-alive, and a
 * time-out that is reported as such rather than thrown as any error.
 */
import http from 'node:http'

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  text: () => string
  json: <T = any>() => T
}

export class TimedOut extends Error {}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  /** A JSON body (sent with its Content-Type). */
  json?: unknown
  /** Source address; the process's default (127.0.0.1 towards loopback) when absent. */
  from?: string
  timeoutMs?: number
}

export function request(url: string, { method = 'GET', headers = {}, json, from, timeoutMs = 15_000 }: RequestOptions = {}): Promise<Reply> {
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json))
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        ...(from ? { localAddress: from } : {}),
        headers: { ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          clearTimeout(timer)
          const data = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, text: () => data.toString('utf8'), json: () => JSON.parse(data.toString('utf8')) })
        })
      },
    )
    const timer = setTimeout(() => req.destroy(new TimedOut(`${method} ${new URL(url).pathname} not answered within ${timeoutMs} ms`)), timeoutMs)
    req.on('error', (error) => (clearTimeout(timer), reject(error)))
    req.end(body)
  })
}

/** The `name=value` pairs a reply sets, by name. */
export function setCookies(reply: Reply): Map<string, string> {
  const set = new Map<string, string>()
  for (const line of reply.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';')
    const at = pair!.indexOf('=')
    if (at > 0) set.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim())
  }
  return set
}

/** A browser's cookies for the console, as one Cookie header. */
export class CookieJar {
  readonly cookies = new Map<string, string>()
  keep(reply: Reply) {
    for (const [name, value] of setCookies(reply)) value ? this.cookies.set(name, value) : this.cookies.delete(name)
    return this
  }
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}
