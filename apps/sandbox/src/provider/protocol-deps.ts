import type { SandboxConfig } from '../config.js';
import type { SandboxDb } from '../db.js';
import type { FaultStore } from './faults.js';
import type { Holds } from './hold.js';
import type { LaunchService } from './launch.js';
import type { ProviderWallet } from './wallet.js';

/** What the AMB and Betflix protocol scopes share with the sandbox's own provider API. */
export interface ProtocolDeps {
  wallet: ProviderWallet;
  launches: LaunchService;
  db: SandboxDb;
  faults: FaultStore;
  holds: Holds;
  config: SandboxConfig;
  publicUrl: () => string;
}

/** THB minor units written with thousands separators, as these providers' answers sometimes are ("1,234.50") */
export function thbWithCommas(minor: bigint): string {
  const whole = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(minor % 100n).padStart(2, '0')}`;
}

/** A positive THB amount as sent, a decimal string or a number, in satang; null when it is none. */
export function sentThb(value: unknown): bigint | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0');
}
