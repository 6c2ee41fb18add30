/**
 * The address policy of webhook URLs: the one of remote images and fonts (core's `checkedAddresses`,
 * PICTOR_FETCH_ALLOW_LIST), its refusals worded for the batch's caller. The request then connects only to the
 * addresses checked (core's `pinnedConnection`).
 */
import type { LookupAddress } from 'node:dns';
import { AddressRefused, type AllowList, checkedAddresses as checkAddresses } from '@pictor/core';

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
  try {
    return await checkAddresses(url, allow);
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    if (!error.refused) throw new WebhookAddressError(`host ${error.host} could not be resolved`);
    throw new WebhookAddressError(
      `${error.host} is ${error.refused.address}, a ${error.refused.reason} address: not allowed unless PICTOR_FETCH_ALLOW_LIST names it`,
    );
  }
}
