// The chat bench's floor (bench/chat.mjs, row "chat floor"): the same visitors and the same
// traffic against socket.io alone. For each visitor message it sends what the real server sends
// for the bench's message, in the same order and of the same sizes (typing in-progress, the ack,
// the agent's five messages: an intro, three property cards and the link to the results, then
// typing done), with the real server's socket.io options and write coalescing, but no database,
// no agent and no validation. What it measures is what this machine does with the transport and
// the bench's own visitors alone: a latency no chat server on this stack can beat here.
// The bench bundles it with esbuild and starts it like the real server (PORT, HOST, SIGTERM).
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { Server } from 'socket.io'
import { coalesceWrites } from '../src/server/socket-writes'
import { agentReplies } from './chat-traffic'

/** The real server's limit on one packet (src/server/app.ts). */
const MAX_SOCKET_PAYLOAD_BYTES = 64 * 1024
const reply = agentReplies()

const http = createServer((request, response) => {
  response.statusCode = request.url === '/favicon.ico' ? 204 : 404
  response.end()
})
const io = new Server(http, { maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES })
coalesceWrites(io)
io.of('/chat').on('connection', (socket) => {
  socket.on('connected-chat', (_payload: unknown, ack: (history: unknown[]) => void) => ack([]))
  socket.on('send-chat-message', (_payload: unknown, ack: (answer: { ok: true; id: string }) => void) => {
    socket.emit('typing-state-widget', 'in-progress')
    ack({ ok: true, id: randomUUID() })
    // The real server's turn ends after another round trip to its database: a second write.
    setImmediate(() => {
      for (const content of reply) socket.emit('response', { role: 'agent', content, id: randomUUID() })
      socket.emit('typing-state-widget', 'done')
    })
  })
})
http.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
process.once('SIGTERM', () => {
  io.close()
  http.close(() => process.exit(0))
})
