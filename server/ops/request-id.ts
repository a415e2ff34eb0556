import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';

/** What an incoming X-Request-Id may look like to be kept: a UUID, a trace id, a load balancer's id. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** TRUST_PROXY's names for address ranges, as proxy-addr (Fastify's trustProxy) reads them. */
const NAMED_RANGES: Record<string, ReadonlyArray<readonly [string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');

/** The addresses TRUST_PROXY names (addresses, CIDR ranges, or the names above). */
function trustedAddresses(trustProxy: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', prefix] = entry.split('/');
    const named = NAMED_RANGES[entry];
    if (named) for (const [network, bits] of named) list.addSubnet(network, bits, family(network));
    else if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  return list;
}

/**
 * Fastify's genReqId. The id a load balancer sent in X-Request-Id is kept, so that one id follows a request across
 * the hops, only when TRUST_PROXY is set and the request comes from an address it names (the balancer), and only
 * when it is a plain token. Otherwise, and always without TRUST_PROXY, a fresh UUID: a client must not choose the
 * ids in our logs (to pass one off as another request's, or to flood a log search), and control characters,
 * quotes or a huge value never reach a log line.
 */
export function requestIdGenerator(trustProxy: readonly string[] | undefined): (request: IncomingMessage) => string {
  const trusted = trustProxy === undefined ? null : trustedAddresses(trustProxy);
  return (request) => {
    const incoming = request.headers['x-request-id'];
    if (trusted === null || typeof incoming !== 'string' || !ACCEPTED_ID.test(incoming)) return randomUUID();
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    return peer !== '' && trusted.check(peer, family(peer)) ? incoming : randomUUID();
  };
}
