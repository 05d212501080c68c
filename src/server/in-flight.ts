/**
 * Work nobody awaits (a socket's queued events, a timer's check, a side effect of the agent's
 * turn) that a graceful shutdown lets end before the database closes, so nothing queries it
 * once closed. A failure is logged as `<prefix> <what> failed:`.
 */
export function workInFlight(prefix: string) {
  const running = new Set<Promise<void>>()
  return {
    track(work: Promise<unknown>, what: string): void {
      const settled = work.then(
        () => {},
        (error: unknown) => console.error(`${prefix} ${what} failed:`, error),
      )
      running.add(settled)
      void settled.then(() => running.delete(settled))
    },
    /** Once nothing tracked runs, including work tracked meanwhile. */
    async settled(): Promise<void> {
      while (running.size) await Promise.all(running)
    },
  }
}
