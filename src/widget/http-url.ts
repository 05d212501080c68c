/** `raw`, resolved against `base` when given, as a URL when it is http(s); else null. */
export function toHttpUrl(raw: string, base?: string): URL | null {
  try {
    const url = new URL(raw, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}
