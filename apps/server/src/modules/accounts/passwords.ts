import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { Config } from '../../config.js';

// a const enum of the package's typings: isolatedModules cannot read its value, so it is spelt here
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification when there is no hash to check (unknown user). */
  verifyDummy(password: string): Promise<void>;
  /** Whether a stored hash was made with other costs than the configured ones. */
  needsRehash(passwordHash: string): boolean;
}

/** argon2id with the configured costs, parallelism 1 (DESIGN.md §10). */
export function createPasswordHasher(config: Pick<Config, 'ARGON2_MEMORY_KIB' | 'ARGON2_ITERATIONS'>): PasswordHasher {
  const options: Options = {
    algorithm: ARGON2ID,
    memoryCost: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_ITERATIONS,
    parallelism: 1,
  };
  // made lazily once, with the same costs as real hashes, so an unknown user costs the same time
  let dummy: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // a malformed stored hash is a failed check, never a crash
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(16).toString('hex'), options);
      await verify(await dummy, password).catch(() => false);
    },
    needsRehash(passwordHash) {
      try {
        const p = parseOptions(passwordHash);
        return p.memoryCost !== options.memoryCost || p.timeCost !== options.timeCost || p.parallelism !== 1;
      } catch {
        return true;
      }
    },
  };
}
