/**
 * A form's messages by field: a flat map from a field's path (`price.amount`, `hours.6`,
 * `closures.0.to`) to its Spanish message. The server's 400 (`fields`, server/validation.ts) and
 * the console's own check before sending (console/catalogue-errors.ts) key them the same way, so a
 * message lands at the same field wherever it was found.
 */
export type FieldErrors = Record<string, string>

/** Zod's issues as field errors: the first message per path; an issue of the whole value under `_`. */
export function issuesToFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message
  return fields
}
