/**
 * The two halves of every guarded outgoing request (the fetcher's GETs, the server's webhook POSTs): resolve a URL's
 * host and check every address against the policy, then connect only to the addresses checked, so a DNS answer
 * cannot change between the check and the connection.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AllowList, refusedReason } from './address-policy.js';

/** One address a host resolved to (the shape of node:dns's ResolvedAddress). */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Why a URL's addresses may not be connected to; each caller words it for its own users. */
export class AddressRefused extends Error {
  override readonly name = 'AddressRefused';
  constructor(
    /** The URL's host, brackets removed. */
    readonly host: string,
    /** The refused address and why (`loopback`, `private` …); absent when the host could not be resolved. */
    readonly refused: { address: string; reason: string } | undefined,
    /** The resolver's error code when the host could not be resolved. */
    readonly code?: string,
  ) {
    super(
      refused
        ? `${host} is ${refused.address}, a ${refused.reason} address`
        : `could not resolve host ${host}`,
    );
  }
  /** Whether the host was an IP literal (then `address` is the host itself). */
  get literal(): boolean {
    return isIP(this.host) !== 0;
  }
}

/**
 * Resolve `url`'s host (an IP literal is taken as it is: the WHATWG parser has already turned decimal, octal and hex
 * spellings into dotted form) and check every address; allow-listed hosts and addresses pass. Throws AddressRefused.
 */
export async function checkedAddresses(url: URL, allow: AllowList): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (error) {
      throw new AddressRefused(host, undefined, (error as { code?: string }).code);
    }
    if (addresses.length === 0) throw new AddressRefused(host, undefined);
  }
  if (allow.allowsHost(host)) return addresses;
  for (const { address } of addresses) {
    const reason = refusedReason(address);
    if (reason && !allow.allowsAddress(address)) throw new AddressRefused(host, { address, reason });
  }
  return addresses;
}

/**
 * Options of `http.request` / `https.request` that connect to `addresses` only: an IP literal is connected to as it
 * is (Node skips `lookup` for literals), a name through a `lookup` hook that answers the checked addresses (and keeps
 * the name for TLS).
 */
export function pinnedConnection(
  url: URL,
  addresses: readonly ResolvedAddress[],
): { host: string; lookup?: never; servername?: string } {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return { host: addresses[0]!.address };
  const pinned = (
    _host: string,
    opts: { all?: boolean },
    callback: (err: Error | null, address: string | readonly ResolvedAddress[], family?: number) => void,
  ) => {
    if (opts.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return { host, lookup: pinned as never, servername: host };
}
