import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readConfig } from '../../src/server/config'
import { SettingError } from '../../src/server/setting-error'

describe('photo settings', () => {
  it('keep photos in data/photos, beside the database folder, with the default caps', () => {
    expect(readConfig({}).photos).toEqual({ dir: 'data/photos', maxBytes: 25 * 1024 * 1024, maxPixels: 50_000_000, s3: undefined })
  })

  it('read .env.example as the defaults: its empty S3 lines are unset', () => {
    const example = Object.fromEntries([...readFileSync('.env.example', 'utf8').matchAll(/^(PHOTOS_\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]))
    expect(Object.keys(example)).toHaveLength(8)
    expect(readConfig(example).photos).toEqual(readConfig({}).photos)
  })

  it('take a bucket, its endpoint, region and keys, and the caps, from the environment', () => {
    const photos = readConfig({
      PHOTOS_DIR: '/srv/fotos',
      PHOTOS_MAX_MB: '10',
      PHOTOS_MAX_MEGAPIXELS: '24',
      PHOTOS_S3_BUCKET: 'fotos',
      PHOTOS_S3_ENDPOINT: 'http://127.0.0.1:9000',
      PHOTOS_S3_ACCESS_KEY_ID: 'id',
      PHOTOS_S3_SECRET_ACCESS_KEY: 'secreto',
    }).photos
    expect(photos).toEqual({
      dir: '/srv/fotos',
      maxBytes: 10 * 1024 * 1024,
      maxPixels: 24_000_000,
      s3: { bucket: 'fotos', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secreto' },
    })
  })

  it('stop the server on half a setting, naming the variable', () => {
    expect(() => readConfig({ PHOTOS_S3_BUCKET: 'fotos', PHOTOS_S3_ACCESS_KEY_ID: 'id' })).toThrow(SettingError)
    expect(() => readConfig({ PHOTOS_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/PHOTOS_S3_BUCKET/)
    expect(() => readConfig({ PHOTOS_MAX_MB: 'mucho' })).toThrow(/PHOTOS_MAX_MB/)
  })
})
