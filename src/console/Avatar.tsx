import { imageUrl } from '../shared/images'

/**
 * A person's photo beside their name (docs/behaviour.md#console-accounts): decorative, since the
 * name is always written next to it; nothing when they have none. Through the image proxy at
 * its smallest width, as the team's photos are.
 */
export function Avatar({ photo, size = 24 }: { photo: string | null | undefined; size?: number }) {
  if (!photo) return null
  return <img className="avatar" src={imageUrl(photo, 240)} alt="" width={size} height={size} />
}
