import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MAX_LENGTH } from '@deck/shared/domains/team-webhooks/webhook-contract';

/**
 * Where a team's webhook may point (docs/decisions.md, *Team webhook*; docs/security.md): https to a public
 * address. Every address the host resolves to must be public unicast (no private, loopback, link-local,
 * multicast, carrier-grade NAT or reserved range, IPv4-mapped ones included), checked on the addresses the
 * connection is then made to, so a name that resolves differently a second later cannot slip through.
 * `allowLocalHttp` (config `webhooks.allowLocalHttp`, the demo and tests only) also lets http to a loopback
 * address through, for a receiver on the same machine.
 */
export interface WebhookAddressPolicy {
  allowLocalHttp: boolean;
}

export type UrlProblem = 'invalid' | 'not_https' | 'not_public';

/** Whether an IP address is public unicast (ipaddr.js's ranges; an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function isLoopback(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}

/** Whether the policy lets a connection go to this address over this protocol. */
export function addressAllowed(address: string, protocol: string, policy: WebhookAddressPolicy): boolean {
  if (protocol === 'http:') return policy.allowLocalHttp && isLoopback(address);
  return isPublicAddress(address) || (policy.allowLocalHttp && isLoopback(address));
}

/** The host of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What is wrong with a webhook address as typed, before anything is resolved: not a URL, not https (http only to
 * loopback under the flag), credentials in it, or an IP literal that is not public. A name is checked when sent.
 */
export function webhookUrlProblem(text: string, policy: WebhookAddressPolicy): UrlProblem | null {
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return 'invalid';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'invalid';
  const host = bareHost(url);
  if (url.protocol === 'http:') {
    if (!policy.allowLocalHttp) return 'not_https';
    return isIP(host) && isLoopback(host) ? null : host === 'localhost' ? null : 'not_https';
  }
  if (url.protocol !== 'https:') return 'not_https';
  if (isIP(host) && !addressAllowed(host, url.protocol, policy)) return 'not_public';
  return null;
}

/** Refused by the address policy: the delivery is not tried (and retrying would not help). */
export class AddressRefused extends Error {
  constructor(host: string) {
    super(`${host} resolves to an address that is not public`);
    this.name = 'AddressRefused';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves every address of the host and refuses the connection unless all
 * of them are allowed, then connects to the first: the check and the connection use the same answer.
 */
export function guardedLookup(protocol: string, policy: WebhookAddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a.address, protocol, policy))) return callback(new AddressRefused(hostname), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
