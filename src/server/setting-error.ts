/**
 * A setting the operator must fix (a port in use, a folder that cannot be written, a value that
 * is not a number). `npm start` prints its message as one line and exits with code 1: a stack
 * trace would only hide which variable to change.
 */
export class SettingError extends Error {
  override name = 'SettingError'
}
