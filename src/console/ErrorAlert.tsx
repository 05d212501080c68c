/** A form's or a screen's Spanish error, read out as it appears; nothing while there is none. */
export function ErrorAlert({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="error">
      {message}
    </p>
  ) : null
}
