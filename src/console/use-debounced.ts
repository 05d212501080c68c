import { useEffect, useState } from 'react'

/**
 * `value` once it stopped changing for `ms`: typing in a filter asks the server after a pause, not
 * per keystroke. A value equal to the current one (by JSON) is not a change.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  const json = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(json) as T), ms)
    return () => clearTimeout(timer)
  }, [json, ms])
  return settled
}
