import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges that are never a public media host (RFC 6890 special-purpose and friends). */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function blockedV4(ip: string): boolean {
  const value = v4ToInt(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(value / size) === Math.floor(v4ToInt(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail). */
function v6Groups(ip: string): number[] {
  let text = ip.replace(/^\[|\]$/g, '').split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    text = text.slice(0, -tail[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => parseInt(group, 16));
}

function blockedV6(ip: string): boolean {
  const g = v6Groups(ip);
  const embeddedV4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1, IPv4-compatible
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return blockedV4(embeddedV4()); // IPv4-mapped
  if (g[0] === 0x64 && g[1] === 0xff9b) return blockedV4(embeddedV4()); // NAT64
  if (g[0] === 0x2002) return blockedV4(`${g[1]! >> 8}.${g[1]! & 255}.${g[2]! >> 8}.${g[2]! & 255}`); // 6to4
  return (g[0]! & 0xfe00) === 0xfc00 || (g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xff00) === 0xff00 || g[0] === 0x2001 && g[1] === 0xdb8;
}

/** True for loopback, private, link-local, multicast, reserved and unparseable addresses. */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return blockedV4(bare);
  if (isIPv6(bare)) return blockedV6(bare);
  return true;
}
