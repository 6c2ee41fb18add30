import { describe, expect, it } from 'vitest';
import { embeddedIPv4, parseAllowList, refusedReason } from '../src/fetch/address-policy.js';

describe('refusedReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.3.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.1.1', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local (private)'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 127.0.0.1 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 127.0.0.1 inside IPv6)'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local (cloud metadata) (IPv4 169.254.169.254 inside IPv6)'],
    ['::127.0.0.1', 'loopback (IPv4 127.0.0.1 inside IPv6)'],
    ['64:ff9b::a00:1', 'private (IPv4 10.0.0.1 inside IPv6)'],
    ['2002:7f00:1::', 'loopback (IPv4 127.0.0.1 inside IPv6)'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (address) => {
      expect(refusedReason(address)).toBeUndefined();
    },
  );

  it('reads the IPv4 address inside mapped and 6to4 forms', () => {
    expect(embeddedIPv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('2002:0102:0304::1')).toBe('1.2.3.4');
    expect(embeddedIPv4('2606:4700::1')).toBeUndefined();
  });
});

describe('parseAllowList', () => {
  const list = parseAllowList(['127.0.0.1', '*.corp.example', 'assets.internal', '10.0.0.0/8', 'fd00::/8']);

  it('matches addresses, CIDRs, mapped forms, hosts and wildcards', () => {
    expect(list.allowsAddress('127.0.0.1')).toBe(true);
    expect(list.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(list.allowsAddress('127.0.0.2')).toBe(false);
    expect(list.allowsAddress('10.200.3.4')).toBe(true);
    expect(list.allowsAddress('fd12::1')).toBe(true);
    expect(list.allowsAddress('192.168.0.1')).toBe(false);
    expect(list.allowsHost('assets.internal')).toBe(true);
    expect(list.allowsHost('ASSETS.internal.')).toBe(true);
    expect(list.allowsHost('cdn.corp.example')).toBe(true);
    expect(list.allowsHost('corp.example')).toBe(false);
    expect(list.allowsHost('evil-assets.internal')).toBe(false);
  });

  it('rejects a malformed CIDR naming the entry', () => {
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow('"10.0.0.0/33" is not a valid CIDR');
  });
});

describe('WHATWG URL canonicalises numeric IPv4 spellings', () => {
  it.each(['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/'])(
    '%s → 127.0.0.1',
    (url) => {
      expect(new URL(url).hostname).toBe('127.0.0.1');
    },
  );
});
