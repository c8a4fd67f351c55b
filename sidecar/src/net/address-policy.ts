// Which addresses outbound connections may reach when callers choose the server (smithery mode): no loopback,
// private, link-local, unique-local or other special-purpose address, unless an allowlist names it.
import { BlockList, isIP } from 'node:net';
import { InvalidInputError } from '../errors.js';

export interface AddressPolicy {
  /** Whether a host name (as written in the URL) is allowed whatever it resolves to. */
  allowsHostName(hostname: string): boolean;
  /** Whether a connection to this resolved IP address is allowed. */
  allowsAddress(address: string): boolean;
}

/** The error of a refused address; the message is safe to show (it names neither the host nor the address). */
export function addressRefusal(): InvalidInputError {
  return new InvalidInputError(
    'This server does not connect to loopback, private, link-local or other special-purpose addresses.',
  );
}

/**
 * `allowed` entries are host names (matched as written, case-insensitive), IP addresses, or subnets in CIDR notation
 * (`10.0.0.0/8`, `fd00::/8`); they are exempt from the special-range rule.
 */
export function createAddressPolicy(allowed: readonly string[] = []): AddressPolicy {
  const special = specialRanges();
  const allowedAddresses = new BlockList();
  const allowedNames = new Set<string>();
  for (const entry of allowed) {
    if (!addAllowedAddress(allowedAddresses, entry)) allowedNames.add(normalizeHostName(entry));
  }
  return {
    allowsHostName: (hostname) => allowedNames.has(normalizeHostName(hostname)),
    allowsAddress: (address) => {
      const family = familyOf(address);
      if (!family) return false;
      if (allowedAddresses.check(address, family)) return true;
      const embedded = family === 'ipv6' ? embeddedNat64Address(address) : undefined;
      return !special.check(address, family) && (embedded === undefined || !special.check(embedded, 'ipv4'));
    },
  };
}

/** `[::1]` → `::1`, lower case, without a trailing dot. */
export function normalizeHostName(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** The IPv4 address inside a well-known NAT64 address (64:ff9b::/96), which reaches that IPv4 address. */
function embeddedNat64Address(address: string): string | undefined {
  const match = /^64:ff9b::(?:(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!match) return undefined;
  if (match[3]) return match[3];
  const value = (parseInt(match[1] ?? '0', 16) << 16) | parseInt(match[2] ?? '0', 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

function addAllowedAddress(list: BlockList, entry: string): boolean {
  const [address = '', prefix] = normalizeHostName(entry).split('/');
  const family = familyOf(address);
  if (!family) return false;
  if (prefix === undefined) list.addAddress(address, family);
  else list.addSubnet(address, Number(prefix), family);
  return true;
}

/** IANA special-purpose registries (RFC 6890 and successors); IPv4-mapped IPv6 addresses match the IPv4 rules. */
function specialRanges(): BlockList {
  const list = new BlockList();
  const ipv4: [string, number][] = [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.88.99.0', 24], // 6to4 relay anycast
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ];
  const ipv6: [string, number][] = [
    ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
    ['64:ff9b:1::', 48], // local-use NAT64
    ['100::', 64], // discard
    ['2001::', 23], // IETF protocol assignments (Teredo among them)
    ['2001:db8::', 32], // documentation
    ['2002::', 16], // 6to4 (embeds any IPv4 address)
    ['fc00::', 7], // unique-local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ];
  for (const [address, prefix] of ipv4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of ipv6) list.addSubnet(address, prefix, 'ipv6');
  return list;
}
