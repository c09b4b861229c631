import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it.each([
    ['an IPv4 address is itself', '203.0.113.7', '203.0.113.7'],
    ['loopback', '127.0.0.1', '127.0.0.1'],
    ['an IPv4-mapped IPv6 address is the IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address written in hex', '::ffff:cb00:7107', '203.0.113.7'],
    [
      'an IPv6 address counts as its /64',
      '2001:db8:1234:5678:9abc:def0:1234:5678',
      '2001:db8:1234:5678::/64',
    ],
    ['another address of the same /64 is the same key', '2001:db8:1234:5678::1', '2001:db8:1234:5678::/64'],
    ['a compressed prefix', '2001:db8::1', '2001:db8:0:0::/64'],
    ['leading zeros and upper case', '2001:0DB8:0000:00AB::ff', '2001:db8:0:ab::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['a zone id is dropped', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['anything else is kept as it is', 'unknown', 'unknown'],
  ])('%s', (_name, ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('gives different /64 networks different keys', () => {
    expect(addressKey('2001:db8:1234:5678::1')).not.toBe(addressKey('2001:db8:1234:5679::1'));
  });
});
