import { expect, test } from 'bun:test';
import { isForbiddenAddress } from './address.ts';

test.each([
  '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
  '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', '[::1]', 'fe80::1', 'fc00::1', 'fd12:3456::1',
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', 'ff02::1', 'not-an-ip',
])('%s is refused', (ip) => {
  expect(isForbiddenAddress(ip)).toBe(true);
});

test.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => {
  expect(isForbiddenAddress(ip)).toBe(false);
});
