// A real HTTP server on a loopback port that answers with scripted responses and records every
// request it receives: for clients whose behaviour depends on what the server answers.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export type Answer =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Close the connection without answering (a network failure). */
  | { drop: true }
  /** Never answer (a server that hangs). */
  | { hang: true }

export interface ScriptedServer {
  url: string
  requests: ReceivedRequest[]
  /** Queue the next answers; once they are used up, every request gets 200 {}. */
  answer(...answers: Answer[]): void
  /** Forget the requests received and the answers not given yet. */
  reset(): void
  close(): Promise<void>
}

export async function scriptedServer(): Promise<ScriptedServer> {
  const requests: ReceivedRequest[] = []
  const queue: Answer[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = queue.shift() ?? { status: 200, body: {} }
      if ('drop' in answer) return void req.socket.destroy()
      if ('hang' in answer) return
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {})
      const json = typeof answer.body !== 'string'
      res.writeHead(answer.status, { ...(json ? { 'Content-Type': 'application/json' } : {}), ...answer.headers })
      res.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => void queue.push(...answers),
    reset: () => {
      requests.splice(0)
      queue.splice(0)
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
