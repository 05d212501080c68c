// What one bench visitor message costs the real server to answer, shared by the chat floors
// (bench/chat-floor-server.ts: socket.io alone; bench/chat-database-floor.ts: the database alone).

/** The lengths of the five messages the real server sends for «Busco casa en Huayacán» (their content field). */
export const REPLY_CONTENT_LENGTHS = [54, 408, 481, 482, 158]

/** The agent's five messages, of those lengths. */
export const agentReplies = () => REPLY_CONTENT_LENGTHS.map((length) => 'x'.repeat(length))
