/** The caps on one uploaded photo, apart from accept.ts so the configuration loads no image library. */
export interface PhotoLimits {
  /** The heaviest file accepted, in bytes. */
  maxBytes: number
  /** The most pixels (width × height) a photo may declare. */
  maxPixels: number
}

export const MB = 1024 * 1024
/** 25 MB holds any phone's photo (a 48 MP JPEG is ~12 MB); 50 MP is above every phone's default mode. */
export const DEFAULT_PHOTO_LIMITS: PhotoLimits = { maxBytes: 25 * MB, maxPixels: 50_000_000 }
