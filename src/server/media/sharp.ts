/**
 * sharp, loaded at the first photo rather than at start-up (about 0.1 s), as the image proxy's
 * ipx loads it at the first transform: a server that never sees a photo never pays it.
 */
import type { Sharp, SharpOptions } from 'sharp'

type SharpModule = typeof import('sharp')
let loading: Promise<SharpModule> | undefined

export const loadSharp = (): Promise<SharpModule> => (loading ??= import('sharp').then((module) => ('default' in module ? module.default : module) as SharpModule))

/** sharp(input, options), once the library is loaded. */
export const openImage = async (input: Uint8Array, options?: SharpOptions): Promise<Sharp> => (await loadSharp())(input, options)
