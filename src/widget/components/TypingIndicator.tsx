/** "{instance} está escribiendo" with dots cycling every TYPING_DOTS_CYCLE_MS (docs/behaviour.md#typing-indicator). */
export function TypingIndicator({ instanceName }: { instanceName: string }) {
  return (
    <div className="typing" role="status">
      <span>{instanceName} está escribiendo</span>
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
