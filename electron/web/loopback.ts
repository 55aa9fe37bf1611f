import { isIPv4, isIPv6 } from 'node:net';

/**
 * The loopback address to bind for a `--host` value, or null when it is not a loopback address.
 * Until terminals pair with a scheme of their own, the browser shell serves its
 * bridge secret to whoever loads its page, so it must only be reachable from this machine.
 * `localhost` means 127.0.0.1: binding a name could pick either family.
 */
export function loopbackAddress(host: string): string | null {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost') return '127.0.0.1';
  if (isIPv4(value)) return value.startsWith('127.') ? value : null;
  if (isIPv6(value)) return value === '::1' || value === '0:0:0:0:0:0:0:1' ? '::1' : null;
  return null;
}

/** The host part of a URL (and of the Host header) for a bound address: IPv6 in brackets. */
export function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

export const NOT_LOOPBACK_MESSAGE =
  'the browser shell listens only on a loopback address of this machine (127.0.0.1 or ::1): anyone who can open its page gets full control of the terminal, and there is no pairing yet to limit that. Use --host 127.0.0.1 (the default) or --host ::1.';
