/** How often `waitFor` looks again: quick enough to add no visible delay to a test. */
const POLL_MS = 25
/**
 * How often `waitForAsync` asks again: its probes cross a process (a database query, a page's
 * script through Chromium's protocol), each costing both ends CPU that the tests beside it need.
 */
const ASYNC_POLL_MS = 100

/** Long enough for anything a server or browser does after one event, even on a loaded machine (10 s was passed in the whole suite beside a helper's). */
export const WAIT_FOR_MS = 30_000

/**
 * Resolve with the first truthy value of `probe`, checked every POLL_MS; past `timeoutMs`, fail
 * with `what` (the event the test was waiting for) rather than at the test's own limit.
 */
export async function waitFor<T>(probe: () => T | undefined | null | false, what = 'condition', timeoutMs = WAIT_FOR_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    // A promise is always truthy: an async probe here would pass at once without being checked.
    if (value instanceof Promise) throw new Error(`waitFor: the probe for ${what} is async; use waitForAsync`)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** `work`, or a clear error naming `what` once `limitMs` has passed (the work itself is not cancelled). */
export async function within<T>(work: Promise<T>, limitMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${limitMs} ms`)), limitMs)
  })
  try {
    return await Promise.race([work, expired])
  } finally {
    clearTimeout(timer)
  }
}

/** `waitFor` with a probe that asks something asynchronous (a database, a server): awaited each time. */
export async function waitForAsync<T>(probe: () => Promise<T | undefined | null | false>, what = 'condition', timeoutMs = WAIT_FOR_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waitForAsync: ${what} not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, ASYNC_POLL_MS))
  }
}
