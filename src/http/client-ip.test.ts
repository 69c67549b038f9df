import { describe, expect, test } from 'bun:test';
import { requestOrigin } from './client-ip.ts';

const origin = (headers: Record<string, string>, trustProxy = true, url = 'http://127.0.0.1:3000/api/login') =>
  requestOrigin(new Request(url, { headers }), trustProxy);

describe('requestOrigin behind a trusted proxy', () => {
  test.each([
    [{ 'x-forwarded-host': 'music.example.org', 'x-forwarded-proto': 'https' }, 'https://music.example.org'],
    [{ 'x-forwarded-host': 'music.example.org' }, 'http://music.example.org'],
    [{ 'x-forwarded-host': 'music.example.org:8443', 'x-forwarded-proto': 'https' }, 'https://music.example.org:8443'],
    [{ 'x-forwarded-host': 'music.example.org', 'x-forwarded-port': '8443', 'x-forwarded-proto': 'https' }, 'https://music.example.org:8443'],
    [{ 'x-forwarded-host': 'music.example.org', 'x-forwarded-port': '443', 'x-forwarded-proto': 'https' }, 'https://music.example.org'],
    [{ 'x-forwarded-host': 'a.example, b.example', 'x-forwarded-proto': 'https, http' }, 'https://a.example'],
    [{ 'x-forwarded-host': '[2001:db8::1]', 'x-forwarded-proto': 'https' }, 'https://[2001:db8::1]'],
  ])('%j → %s', (headers, expected) => {
    expect(origin(headers)).toBe(expected);
  });

  test('without forwarded headers it is the request\'s own origin; a portless Host stays portless', () => {
    expect(origin({})).toBe('http://127.0.0.1:3000');
    expect(origin({ 'x-forwarded-proto': 'https' }, true, 'http://music.example.org/x')).toBe('https://music.example.org');
  });

  test('a malformed host, port or scheme falls back to the request\'s origin', () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-host': 'evil.example/path' },
      { 'x-forwarded-host': 'user@evil.example' },
      { 'x-forwarded-host': 'music.example.org:99999' },
      { 'x-forwarded-host': 'music.example.org', 'x-forwarded-proto': 'javascript' },
    ]) {
      expect(origin(headers)).toBe('http://127.0.0.1:3000');
    }
  });

  test('without TRUST_PROXY forwarded headers are ignored', () => {
    expect(origin({ 'x-forwarded-host': 'music.example.org', 'x-forwarded-proto': 'https' }, false)).toBe('http://127.0.0.1:3000');
  });
});
