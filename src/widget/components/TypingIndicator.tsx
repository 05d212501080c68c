/**
 * "{instance} está escribiendo" (or the person's name when a person types) with dots cycling every
 * TYPING_DOTS_CYCLE_MS (docs/behaviour.md#typing-indicator).
 */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="typing" role="status">
      <span>{name} está escribiendo</span>
      <TypingDots />
    </div>
  )
}

export function TypingDots() {
  return (
    <span className="dots" aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  )
}
