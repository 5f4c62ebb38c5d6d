import { type LookupAddress, type LookupOptions, lookup as lookupCallback } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may be sent. Endpoints must be public: a tenant must not be able to make the
 * platform send requests into its own network (cloud metadata at 169.254.169.254, databases,
 * admin interfaces: server-side request forgery). Only globally routable unicast addresses pass,
 * unless an operator allows some private networks (local development: `127.0.0.0/8`).
 * Production tenants need HTTPS; sandbox tenants may use HTTP for local tunnels and tests.
 */
export interface UrlPolicy {
  /** Networks allowed although private, as CIDRs. */
  allowedPrivateNetworks: string[];
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export function isAllowedAddress(address: string, policy: UrlPolicy): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() === 'unicast') return true;
  return policy.allowedPrivateNetworks.some((cidr) => {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    return network.kind() === parsed.kind() && parsed.match(network, bits);
  });
}

/** Checks an endpoint URL's form and every address its host resolves to. */
export async function checkEndpointUrl(value: string, options: UrlPolicy & { requireHttps: boolean }): Promise<UrlVerdict> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must use https (or http for sandbox tenants)' };
  if (options.requireHttps && url.protocol !== 'https:') return { ok: false, reason: 'must use https for a production tenant' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials; verify our signature instead' };
  if (value.length > 2048) return { ok: false, reason: 'must be at most 2048 characters' };
  // A URL's host holds brackets only around an IPv6 address.
  const host = url.hostname.replace(/[[\]]/g, '');
  let addresses: string[];
  // Stryker disable next-line ConditionalExpression: dns.lookup answers an IP address with itself, so looking it up would give the same verdict
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      const lookupOptions = {
        all: true,
        // Stryker disable next-line BooleanLiteral: the order only decides which refused address the reason names; every address is checked
        verbatim: true,
      } as const;
      addresses = (await lookup(host, lookupOptions)).map((entry) => entry.address);
    } catch {
      return { ok: false, reason: `host ${host} does not resolve` };
    }
  }
  const refused = addresses.find((address) => !isAllowedAddress(address, options));
  if (refused) return { ok: false, reason: `resolves to ${refused}, a private or reserved address; webhook endpoints must be public` };
  return { ok: true, url };
}

/** The failure of a connection whose host resolves to an address the policy refuses. */
export class RefusedAddressError extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string, family: number) => void;

/**
 * A DNS lookup for the sockets of outbound requests (node:http's and undici's `lookup` option):
 * every address the host resolves to is checked at connection time, so a host that resolved to a
 * public address when it was registered cannot later be pointed into a private network (DNS
 * rebinding).
 */
export function policyLookup(policy: UrlPolicy): (hostname: string, options: LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) =>
    lookupCallback(hostname, { ...options, all: true }, (lookupError, addresses: LookupAddress[]) => {
      const refused = lookupError ? undefined : addresses.find((entry) => !isAllowedAddress(entry.address, policy));
      const error = lookupError ?? (refused && new RefusedAddressError(`refused: ${hostname} resolves to ${refused.address}, a private or reserved address`));
      // Stryker disable next-line StringLiteral: beside an error, the address is ignored
      if (error) return callback(error, '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
}

/** Why a URL whose host is a literal address (never looked up, so never seen by policyLookup) is refused; undefined when it is a name, or allowed. */
export function refusedLiteralAddress(url: URL, policy: UrlPolicy): string | undefined {
  // A URL's host holds brackets only around an IPv6 address.
  const host = url.hostname.replace(/[[\]]/g, '');
  return ipaddr.isValid(host) && !isAllowedAddress(host, policy) ? `refused: ${host} is a private or reserved address` : undefined;
}
