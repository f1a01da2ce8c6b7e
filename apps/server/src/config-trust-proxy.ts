import { isIP } from 'node:net';
import { z } from 'zod';

// proxy-addr's names for address ranges (what Fastify compiles a trustProxy list with)
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default: the connection's address is the client's), or the addresses
 * and CIDRs of the proxies in front of the server, comma-separated (`10.0.0.0/8,loopback`). Only a
 * hop from one of them has its X-Forwarded-For, -Proto and -Host believed, so a client-set header
 * chooses nothing. `true` (trust every hop) and hop counts are refused: both believe whatever the
 * peer says when the server can be reached without the proxy (Fastify 5.12 itself disables hop
 * counts for that reason). docs/decisions/041-requests-from-browsers-and-proxies.md
 */
export const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): false | string[] => {
    const v = value.trim().toLowerCase();
    if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
    if (v === 'true' || v === '1' || v === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message: "trusts every hop, so a client's own X-Forwarded-For would pick its address: give the proxies' addresses or CIDRs",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: "a hop count cannot tell a proxy from a client: give the proxies' addresses or CIDRs" });
      return z.NEVER;
    }
    const entries = v.split(',').map((e) => e.trim());
    const everyone = entries.filter((e) => /\/0+$/.test(e));
    if (everyone.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${everyone.join(', ')} is every address, so any client's own X-Forwarded-For would be believed: give the proxies' addresses or CIDRs`,
      });
      return z.NEVER;
    }
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });
