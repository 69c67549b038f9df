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
});
