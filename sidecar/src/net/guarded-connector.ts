// The connector of the outbound HTTP client under an address policy: literal IP hosts are checked before connecting
// and host names after DNS resolution (in the lookup the socket connects with), so no name can rebind past the rule.
import { lookup as resolve, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector, type Connector, type ConnectorOptions } from './undici-parts.js';
import { addressRefusal, normalizeHostName, type AddressPolicy } from './address-policy.js';

export interface ConnectorTls {
  rejectUnauthorized: boolean;
  ca?: string[];
}

export function createGuardedConnector(tls: ConnectorTls, policy: AddressPolicy): Connector {
  const connect = buildConnector({ ...tls, lookup: createGuardedLookup(policy) } as ConnectorOptions);
  return (options, callback) => {
    const host = normalizeHostName(options.hostname);
    // net.connect skips the lookup for literal addresses: check them here.
    if (isIP(host) && !policy.allowsHostName(host) && !policy.allowsAddress(host)) {
      return callback(addressRefusal(), null);
    }
    return connect(options, callback);
  };
}

/** dns.lookup that keeps only allowed addresses (all of them for allowlisted names), and fails when none is left. */
function createGuardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const usable = policy.allowsHostName(hostname)
        ? addresses
        : addresses.filter((candidate) => policy.allowsAddress(candidate.address));
      const first = usable[0];
      if (!first) return callback(addressRefusal(), '', 0);
      if (options.all) return callback(null, usable);
      return callback(null, first.address, first.family);
    });
  };
}
