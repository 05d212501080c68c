/**
 * A local S3-compatible server for the photo store's tests (issue 32): s3rver, a fake of S3's
 * REST API on loopback (path-style buckets, SigV4 accepted), in a temporary folder. The store
 * talks to it with the real @aws-sdk/client-s3, as it talks to a real bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
// @ts-expect-error s3rver ships no types; it is used only here, through the few calls below.
import S3rver from 's3rver'
import type { S3PhotoSettings } from '../../src/server/media/store'

/** s3rver accepts any signature made with these (its defaults). */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface LocalS3 {
  settings: S3PhotoSettings
  /** Every object key in the bucket. */
  keys(): Promise<string[]>
  close(): Promise<void>
}

export async function startLocalS3(bucket = 'fotos'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = (await server.run()) as { port: number }
  const settings: S3PhotoSettings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', ...KEYS }
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: KEYS })
  return {
    settings,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((object) => object.Key!)
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
