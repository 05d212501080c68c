import { useCallback, useState } from 'react'

/**
 * A form's fields over what the console knows (the visitor's name, phone, e-mail): each field shows
 * the newest known value until the person types in it, so details the conversation learns while
 * the form is open or closed fill it in, and never replace what was typed (docs/behaviour.md#console-forms).
 */
export function usePrefilled<T extends Record<string, string>>(known: T) {
  const [typed, setTyped] = useState<Partial<T>>({})
  const values = { ...known, ...typed }
  const set = useCallback((key: keyof T, value: string) => setTyped((old) => ({ ...old, [key]: value })), [])
  /** Back to what is known, for every field or for `keys` only. */
  const reset = useCallback(
    (...keys: (keyof T)[]) => setTyped((old) => (keys.length ? Object.fromEntries(Object.entries(old).filter(([key]) => !keys.includes(key))) : {}) as Partial<T>),
    [],
  )
  return { values, set, reset }
}
