import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

/** Everything the process reads from its environment, parsed once at start and passed in. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string | undefined;
  trustProxy: boolean;
  mediaProxyAllow: string[];
  anonShareQuotaBytes: number;
  /** Disk kept for transcoded songs (Subsonic API), least recently used out first; 0 keeps none. */
  transcodeCacheBytes: number;
  /** Songs converted for phone apps at once; more wait in line (media/transcode.ts). */
  transcodeLimit: number;
  logLevel: LogLevel;
  /** Audio in an S3-compatible bucket instead of DATA_DIR/media (media/s3-storage.ts); null: on disk. */
  s3: S3Settings | null;
  /** Where Litestream replicates the database (src/compose/replication.ts): `file:///…` or `s3://…`; null: off. */
  replicaUrl: string | null;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Audio answers redirect to a short-lived presigned URL instead of passing through Hearth. */
  publicUrls: boolean;
}

/**
 * Songs converted for phone apps at once unless TRANSCODE_LIMIT says otherwise: four per core
 * (each ffmpeg on one thread, at a lower priority than the server), so songs started together
 * all begin at once, each still converting many times faster than it plays; more wait in line.
 */
export const DEFAULT_TRANSCODE_LIMIT = 4 * availableParallelism();

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Thrown for a bad environment value; main.ts prints it and exits non-zero. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is outside ${min}–${max}`);
  return value;
}

function boolean(env: Env, name: string): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(name, `"${raw}" is not true or false`);
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `"${raw}" must start with http:// or https://`);
  }
  return url.origin;
}

function publicUrl(env: Env): string | undefined {
  const raw = text(env, 'PUBLIC_URL');
  if (raw === undefined) return undefined;
  origin('PUBLIC_URL', raw);
  return raw.replace(/\/+$/, '');
}

function logLevel(env: Env): LogLevel {
  const raw = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError('LOG_LEVEL', `"${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  return raw as LogLevel;
}

const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** S3_BUCKET turns the bucket on; the keys must then be given, the endpoint is optional (AWS). */
function s3Settings(env: Env): S3Settings | null {
  const bucket = text(env, 'S3_BUCKET');
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URLS'];
  if (bucket === undefined) {
    const stray = others.find((name) => text(env, name) !== undefined);
    if (stray) throw new ConfigError(stray, 'is set but S3_BUCKET is not');
    return null;
  }
  if (!S3_BUCKET_NAME.test(bucket)) throw new ConfigError('S3_BUCKET', `"${bucket}" is not a bucket name (3–63 of a-z, 0-9, "." and "-")`);
  const endpointText = text(env, 'S3_ENDPOINT');
  const region = text(env, 'S3_REGION');
  if (region !== undefined && !/^[a-z0-9-]+$/.test(region)) throw new ConfigError('S3_REGION', `"${region}" is not a region name`);
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  if (accessKeyId === undefined) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required with S3_BUCKET');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if (secretAccessKey === undefined) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required with S3_BUCKET');
  return {
    bucket,
    endpoint: endpointText === undefined ? undefined : origin('S3_ENDPOINT', endpointText),
    region,
    accessKeyId,
    secretAccessKey,
    publicUrls: boolean(env, 'S3_PUBLIC_URLS'),
  };
}

/** An absolute folder (on another disk) or an s3:// URL, as Litestream takes it. */
function replicaUrl(env: Env): string | null {
  const raw = text(env, 'REPLICA_URL');
  if (raw === undefined) return null;
  if (raw.startsWith('/')) return `file://${raw.replace(/\/+$/, '')}`;
  if (/^file:\/\/\/./.test(raw) || /^s3:\/\/[a-z0-9][a-z0-9.-]+[a-z0-9](\/|$)/.test(raw)) return raw;
  throw new ConfigError('REPLICA_URL', `"${raw}" is neither an absolute folder nor an s3:// URL`);
}

export function parseConfig(env: Env): Config {
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 6 characters');
  }
  const adminUsername = text(env, 'ADMIN_USERNAME');
  if (adminUsername !== undefined && adminUsername.length < 3) {
    throw new ConfigError('ADMIN_USERNAME', 'must be at least 3 characters');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    adminUsername,
    adminPassword,
    publicUrl: publicUrl(env),
    trustProxy: boolean(env, 'TRUST_PROXY'),
    mediaProxyAllow: (text(env, 'MEDIA_PROXY_ALLOW') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => origin('MEDIA_PROXY_ALLOW', entry)),
    anonShareQuotaBytes: integer(env, 'ANON_SHARE_QUOTA_MB', 2048, 0, 16 * 1024 * 1024) * 1024 * 1024,
    transcodeCacheBytes: integer(env, 'TRANSCODE_CACHE_MB', 1024, 0, 16 * 1024 * 1024) * 1024 * 1024,
    transcodeLimit: integer(env, 'TRANSCODE_LIMIT', DEFAULT_TRANSCODE_LIMIT, 1, 256),
    logLevel: logLevel(env),
    s3: s3Settings(env),
    replicaUrl: replicaUrl(env),
  };
}
