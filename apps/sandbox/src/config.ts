import { z } from 'zod';

export const sandboxConfigSchema = z.object({
  /**
   * loopback only by default: its bank pays any QR and its fault knobs stop every confirmation, with
   * no authentication, so only this machine may reach it (docs/decisions/038-production-fails-closed.md)
   */
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** the sandbox keeps its own state (provider wallets, bank orders) in its own PGlite databases, here */
  SANDBOX_DATA_DIR: z.string().default('./data/sandbox'),
  /**
   * or, when set, in this PostgreSQL database (the provider and the bank share it): a database of
   * its own, not the server's (both have a `provider_transfers` table). See decision 022.
   */
  SANDBOX_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** the URL players' browsers use to reach the sandbox (game pages, the pay page) */
  SANDBOX_PUBLIC_URL: z.string().url().default('http://localhost:3100'),
  PROVIDER_SECRET: z.string().min(16).default('sandbox-provider-secret-change-me'),
  BANK_GATEWAY_SECRET: z.string().min(16).default('sandbox-bank-secret-change-me'),
  /** the keys of the AMB and Betflix protocols (the server's development defaults are the same) */
  AMB_KEY: z.string().min(1).default('sandbox-partner-key-0001'),
  AMB_AGENT: z.string().min(1).default('sandboxagent'),
  AMB_CLIENT: z.string().min(1).default('sandboxclient'),
  BETFLIX_KEY: z.string().min(1).default('sandbox-partner-key-0001'),
  BETFLIX_SECRET: z.string().min(1).default('sandbox-betflix-secret-0001'),
  BANK_CALLBACK_SECRET: z.string().min(16).default('sandbox-callback-secret-change-me'),
  /**
   * the PubNub-compatible service (docs/decisions/132) on which the sandbox's BCEL publishes OnePay
   * payments: its keys (invented: the real ones are BCEL's), how long a subscribe waits, how long
   * messages are kept for a subscriber that comes back with an older timetoken
   */
  ONEPAY_SUBSCRIBE_KEY: z.string().min(8).default('sub-c-sandbox-onepay-subscribe'),
  ONEPAY_PUBLISH_KEY: z.string().min(8).default('pub-c-sandbox-onepay-publish'),
  PUBNUB_HOLD_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  PUBNUB_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
  /** the OnePay merchants the sandbox's BCEL knows: `mcid:shopcode`, comma-separated */
  ONEPAY_SHOPS: z.string().default('mchLAOCREDITDEMO:LCDEMO01'),
  /** JDB's Yes API as the sandbox speaks it (bank/jdb): the one partner it knows, its token lifetime, where its notices go */
  JDB_PARTNER_ID: z.string().min(1).default('SANDBOXJDB'),
  JDB_CLIENT_ID: z.string().min(1).default('sandbox-jdb-client'),
  JDB_CLIENT_SECRET: z.string().min(8).default('sandbox-jdb-client-secret-change-me'),
  JDB_SIGN_SECRET: z.string().min(16).default('sandbox-jdb-sign-secret-change-me'),
  JDB_TOKEN_TTL_S: z.coerce.number().int().min(1).default(900),
  JDB_WEBHOOK_URL: z.string().url().optional(),
  /** LVB's Open API as the sandbox speaks it (bank/lvb): the one merchant login it knows, its private key, token and bill lifetimes, its limit */
  LVB_SERVICE_ID: z.string().min(1).default('SANDBOXLVB'),
  LVB_USERNAME: z.string().min(1).default('sandbox-lvb-user'),
  LVB_PASSWORD: z.string().min(8).default('sandbox-lvb-password-change-me'),
  LVB_PRIVATE_KEY: z.string().min(16).default('sandbox-lvb-private-key-change-me'),
  LVB_TOKEN_TTL_S: z.coerce.number().int().min(1).default(900),
  LVB_BILL_TTL_S: z.coerce.number().int().min(1).default(1800),
  LVB_MAX_AMOUNT: z.coerce.number().int().min(1).default(100_000_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const parsed = sandboxConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid sandbox configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
