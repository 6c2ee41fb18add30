/** Which addresses and hosts the fetcher may connect to: special-purpose IP ranges refused, allow-list honoured. */
import { BlockList, isIP, isIPv4 } from 'node:net';

/** Special-purpose ranges a remote resource must never be fetched from, with the word used in messages. */
const REFUSED_RANGES: ReadonlyArray<readonly [label: string, cidr: string]> = [
  ['unspecified', '0.0.0.0/8'],
  ['private', '10.0.0.0/8'],
  ['shared (CGNAT)', '100.64.0.0/10'],
  ['loopback', '127.0.0.0/8'],
  ['link-local (cloud metadata)', '169.254.0.0/16'],
  ['private', '172.16.0.0/12'],
  ['reserved', '192.0.0.0/24'],
  ['documentation', '192.0.2.0/24'],
  ['reserved', '192.88.99.0/24'],
  ['private', '192.168.0.0/16'],
  ['benchmarking', '198.18.0.0/15'],
  ['documentation', '198.51.100.0/24'],
  ['documentation', '203.0.113.0/24'],
  ['multicast', '224.0.0.0/4'],
  ['reserved', '240.0.0.0/4'],
  ['unspecified', '::/128'],
  ['loopback', '::1/128'],
  ['reserved', '64:ff9b:1::/48'],
  ['reserved', '100::/64'],
  ['reserved', '2001::/23'],
  ['documentation', '2001:db8::/32'],
  ['unique-local (private)', 'fc00::/7'],
  ['link-local', 'fe80::/10'],
  ['site-local', 'fec0::/10'],
  ['multicast', 'ff00::/8'],
];

let refused: ReadonlyArray<readonly [string, BlockList]> | undefined;

/**
 * The refused ranges as one BlockList per label, made on first use: a BlockList is a native handle, which a worker's
 * startup snapshot cannot hold (pool/worker-snapshot.ts evaluates this module in it).
 */
function refusedLists(): ReadonlyArray<readonly [string, BlockList]> {
  refused ??= makeRefusedLists();
  return refused;
}

function makeRefusedLists(): ReadonlyArray<readonly [string, BlockList]> {
  const byLabel = new Map<string, BlockList>();
  for (const [label, cidr] of REFUSED_RANGES) {
    const [network, prefix] = cidr.split('/') as [string, string];
    let list = byLabel.get(label);
    if (!list) {
      list = new BlockList();
      byLabel.set(label, list);
    }
    list.addSubnet(network, Number(prefix), isIPv4(network) ? 'ipv4' : 'ipv6');
  }
  return [...byLabel];
}

/** Expand an IPv6 address (any valid spelling, optionally in brackets) into its 16 bytes. */
export function ipv6Bytes(address: string): Uint8Array | undefined {
  let text = address.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return undefined;
  const bytes = new Uint8Array(16);
  let tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    tail = v4[1]!.split('.').map(Number);
    text = `${text.slice(0, -v4[1]!.length)}0:0`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const headParts = head ? head.split(':') : [];
  const restParts = rest ? rest.split(':') : [];
  const groups = [
    ...headParts,
    ...new Array(8 - headParts.length - restParts.length).fill('0'),
    ...restParts,
  ];
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/** The IPv4 address an IPv6 address embeds and is routed to (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  if (!b) return undefined;
  const zeros = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  const v4 = (at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 12) && !zeros(12, 14)) return v4(12); // ::a.b.c.d (compatible, deprecated)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 2002::/16 (6to4)
  return undefined;
}

/**
 * Why an address may not be fetched from (`'private'`, `'loopback'`, ...), or `undefined` when it is a
 * public unicast address. IPv6 forms that embed an IPv4 address are judged by that address.
 */
export function refusedReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const inner = embeddedIPv4(bare);
    if (inner) {
      const reason = refusedReason(inner);
      return reason ? `${reason} (IPv4 ${inner} inside IPv6)` : undefined;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [label, list] of refusedLists()) if (list.check(bare, type)) return label;
  return undefined;
}

/** The `allowList` setting, parsed: exact host names, `*.suffix` wildcards, addresses and CIDR ranges. */
export interface AllowList {
  /** True when this host name (lower-case, as in the URL) is allowed whatever it resolves to. */
  allowsHost(hostname: string): boolean;
  /** True when this address is allowed even though it is special-purpose. */
  allowsAddress(address: string): boolean;
}

/**
 * Parse allow-list entries (`'assets.internal'`, `'*.corp.example'`, `'127.0.0.1'`, `'10.0.0.0/8'`, `'::1'`).
 * @throws Error naming the entry when a CIDR range is malformed.
 */
export function parseAllowList(entries: readonly string[] = []): AllowList {
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  const addresses = new BlockList();
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const network = entry.slice(0, slash).replace(/^\[|\]$/g, '');
      const prefix = Number(entry.slice(slash + 1));
      const family = isIP(network);
      if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`fetch allow-list entry "${raw}" is not a valid CIDR range (e.g. 10.0.0.0/8)`);
      }
      addresses.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (isIP(entry)) {
      addresses.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
    } else if (entry.startsWith('*.')) {
      suffixes.push(entry.slice(1));
    } else {
      hosts.add(entry.replace(/\.$/, ''));
    }
  }
  return {
    allowsHost(hostname) {
      const host = hostname.toLowerCase().replace(/\.$/, '');
      return hosts.has(host) || suffixes.some((suffix) => host.endsWith(suffix));
    },
    allowsAddress(address) {
      const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
      const family = isIP(bare);
      if (!family) return false;
      if (addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true;
      const inner = family === 6 ? embeddedIPv4(bare) : undefined;
      return inner !== undefined && addresses.check(inner, 'ipv4');
    },
  };
}
