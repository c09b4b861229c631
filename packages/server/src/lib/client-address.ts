import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which a client's address is counted by every per-address limit (decisions 021,
 * 027). An IPv4 address is itself (also when it arrives IPv4-mapped, ::ffff:a.b.c.d); an IPv6
 * address counts as its /64 network, because one home or phone is given a whole /64 and can pick
 * any of its 2^64 addresses: counted one by one, a single attacker would escape every limit.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIpv6(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const low = ((groups[6] ?? 0) << 16) | (groups[7] ?? 0);
    return [24, 16, 8, 0].map((shift) => (low >>> shift) & 0xff).join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is two groups). */
function expandIpv6(address: string): number[] {
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else {
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const [head = '', tail] = address.split('::');
  const start = toGroups(head);
  if (tail === undefined) return start;
  const end = toGroups(tail);
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}
