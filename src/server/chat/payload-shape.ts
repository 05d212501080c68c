/**
 * A payload's shape checked before anything walks it recursively (zod, JSON.stringify, the
 * logger): a deeply nested frame would otherwise throw "Maximum call stack size exceeded"
 * (docs/behaviour.md#chat-budgets). The walk is iterative, so the check itself cannot overflow.
 */

/** Deepest nesting a real payload has: utms.utm_obj.{field} is 3; metrics.clientLocation is 2. */
export const MAX_PAYLOAD_DEPTH = 8
/** Most values (objects, arrays, scalars) in one payload; the attribution record has about 40. */
export const MAX_PAYLOAD_NODES = 2000

export function withinShape(payload: unknown, maxDepth = MAX_PAYLOAD_DEPTH, maxNodes = MAX_PAYLOAD_NODES): boolean {
  const stack: [unknown, number][] = [[payload, 0]]
  let nodes = 0
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (++nodes > maxNodes) return false
    if (value === null || typeof value !== 'object') continue
    if (depth >= maxDepth) return false
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1])
  }
  return true
}
