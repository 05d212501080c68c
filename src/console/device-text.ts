/**
 * The visitor's device as an agency in Mexico says it. The widget reports the parser's codes
 * (`mobile`, `tablet`, `desktop`; docs/behaviour.md#session-metrics); the console showed them as
 * they came, English among Spanish labels. Another value is shown as it is.
 */
const DEVICE_NAMES: Record<string, string> = { mobile: 'Celular', tablet: 'Tableta', desktop: 'Computadora' }

export const deviceText = (device: string | null | undefined) => (device ? (DEVICE_NAMES[device] ?? device) : null)
