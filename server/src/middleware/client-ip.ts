import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address: the trusted proxy header when the operator names one, else the TCP peer.
 * Never a header the client could set freely: a proxy APPENDS the peer it saw to X-Forwarded-For
 * (nginx's $proxy_add_x_forwarded_for), so only the last hop is the proxy's word; the hops before
 * it are whatever the client sent. Single-value headers (X-Real-IP, CF-Connecting-IP) are the same.
 */
export function clientIp(c: Context, trustedProxyHeader?: string): string {
  if (trustedProxyHeader) {
    const forwarded = c.req.header(trustedProxyHeader);
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
