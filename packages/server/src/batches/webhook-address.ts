/**
 * The address policy of webhook URLs: the one of remote images and fonts (`refusedReason`, PICTOR_FETCH_ALLOW_LIST).
 * A URL's host is resolved and every address checked; the request then connects only to the addresses checked, so a
 * DNS answer cannot change between the check and the connection.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AllowList, refusedReason } from '@pictor/core';

/** Why a webhook URL may not be called, in the caller's words. */
export class WebhookAddressError extends Error {
  override readonly name = 'WebhookAddressError';
}

/**
 * The addresses `url` may be called at, or WebhookAddressError saying why not (not http(s), unresolvable, or an
 * address the policy refuses and the allow-list does not name).
 */
export async function checkedAddresses(url: URL, allow: AllowList): Promise<LookupAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebhookAddressError(`must be an http or https URL, got ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw new WebhookAddressError(`host ${host} could not be resolved`);
    }
  }
  if (allow.allowsHost(host)) return addresses;
  for (const { address } of addresses) {
    const reason = refusedReason(address);
    if (reason !== undefined && !allow.allowsAddress(address))
      throw new WebhookAddressError(
        `${host} is ${address}, a ${reason} address: not allowed unless PICTOR_FETCH_ALLOW_LIST names it`,
      );
  }
  return addresses;
}
