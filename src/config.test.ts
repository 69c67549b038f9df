import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  test('defaults match docs/architecture.md', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      adminUsername: undefined,
      adminPassword: undefined,
      publicUrl: undefined,
      trustProxy: false,
      mediaProxyAllow: [],
      anonShareQuotaBytes: 2048 * 1024 * 1024,
      transcodeCacheBytes: 1024 * 1024 * 1024,
      transcodeLimit: 4 * availableParallelism(),
      logLevel: 'info',
      s3: null,
      replicaUrl: null,
    });
  });

  test('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/hearth',
      ADMIN_USERNAME: 'mum',
      ADMIN_PASSWORD: 'secret-1',
      PUBLIC_URL: 'https://music.example.org/',
      TRUST_PROXY: 'yes',
      MEDIA_PROXY_ALLOW: 'https://cdn.example.org, https://b.example.org/path',
      ANON_SHARE_QUOTA_MB: '10',
      TRANSCODE_CACHE_MB: '0',
      TRANSCODE_LIMIT: '2',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/hearth',
      publicUrl: 'https://music.example.org',
      trustProxy: true,
      mediaProxyAllow: ['https://cdn.example.org', 'https://b.example.org'],
      anonShareQuotaBytes: 10 * 1024 * 1024,
      transcodeCacheBytes: 0,
      transcodeLimit: 2,
      logLevel: 'warn',
      s3: null,
      replicaUrl: null,
    });
  });

  test.each([
    ['PORT', 'abc', 'Invalid PORT: "abc" is not a whole number'],
    ['PORT', '-1', 'Invalid PORT: "-1" is not a whole number'],
    ['ANON_SHARE_QUOTA_MB', '1.5', 'Invalid ANON_SHARE_QUOTA_MB'],
    ['TRANSCODE_CACHE_MB', '-5', 'Invalid TRANSCODE_CACHE_MB'],
    ['TRANSCODE_LIMIT', '0', 'Invalid TRANSCODE_LIMIT'],
    ['ADMIN_PASSWORD', '123', 'Invalid ADMIN_PASSWORD: must be at least 6 characters'],
    ['ADMIN_USERNAME', 'x', 'Invalid ADMIN_USERNAME: must be at least 3 characters'],
    ['PUBLIC_URL', 'javascript:alert(1)', 'Invalid PUBLIC_URL'],
  ])('%s=%s fails naming the variable', (name, value, message) => {
    const env = { [name]: value };
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  const s3 = { S3_BUCKET: 'family-music', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  test('S3_BUCKET with its keys puts audio in the bucket', () => {
    expect(parseConfig({ ...s3, S3_REGION: 'eu-west-1', S3_PUBLIC_URLS: 'true' }).s3).toEqual({
      bucket: 'family-music',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      publicUrls: true,
    });
  });

  test.each([
    [{ ...s3, S3_BUCKET: 'My_Bucket' }, 'Invalid S3_BUCKET'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'Invalid S3_ENDPOINT'],
    [{ ...s3, S3_REGION: 'EU West' }, 'Invalid S3_REGION'],
    [{ ...s3, S3_ACCESS_KEY_ID: '' }, 'Invalid S3_ACCESS_KEY_ID: is required with S3_BUCKET'],
    [{ ...s3, S3_SECRET_ACCESS_KEY: ' ' }, 'Invalid S3_SECRET_ACCESS_KEY: is required with S3_BUCKET'],
    [{ ...s3, S3_PUBLIC_URLS: 'maybe' }, 'Invalid S3_PUBLIC_URLS'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'Invalid S3_ENDPOINT: is set but S3_BUCKET is not'],
    [{ REPLICA_URL: 'backups/hearth' }, 'Invalid REPLICA_URL'],
    [{ REPLICA_URL: 'https://example.org/x' }, 'Invalid REPLICA_URL'],
  ])('a bad S3 setting stops start-up naming it (%#)', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });
});

test('REPLICA_URL takes a folder on another disk or an s3:// URL', () => {
  expect(parseConfig({ REPLICA_URL: '/mnt/replica/' }).replicaUrl).toBe('file:///mnt/replica');
  expect(parseConfig({ REPLICA_URL: 's3://family-backups/hearth' }).replicaUrl).toBe('s3://family-backups/hearth');
});
