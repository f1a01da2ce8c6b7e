import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The lint rules of decisions 150 and 151 on small files that break them, through ESLint's own API
 * and the repository's eslint.config.js: a change that loosens a zone or loses the cycle rule fails
 * here, not only when someone happens to break the rule itself.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((m) => `${m.ruleId}:${m.line}`);
}

describe('one public surface per module (decision 150)', () => {
  it("refuses a value or a type import of another module's file, from a module and from the core", async () => {
    const code = [
      "import { depositView } from '../deposits/deposits.view.js';",
      "import type { WalletService } from '../wallet/wallet.types.js';",
      'export const x: [unknown, WalletService | null] = [depositView, null];',
      '',
    ].join('\n');
    expect(await problems('apps/server/src/modules/games/boundary-fixture.ts', code)).toEqual([
      'import-x/no-restricted-paths:1',
      'import-x/no-restricted-paths:2',
    ]);
    const nested = "import { toWithdrawal } from '../../withdrawals/withdrawals.view.js';\nexport const y = toWithdrawal;\n";
    expect(await problems('apps/server/src/modules/backoffice/exports/boundary-fixture.ts', nested)).toEqual([
      'import-x/no-restricted-paths:1',
    ]);
    const core = "import { createStaffUser } from '../modules/backoffice/staff/staff-users.js';\nexport const z = createStaffUser;\n";
    expect(await problems('apps/server/src/db/boundary-fixture.ts', core)).toEqual(['import-x/no-restricted-paths:1']);
  });

  it("lets a module import another through its index.ts, its own files, the shared code and other modules' test helpers", async () => {
    const code = [
      "import { depositView } from '../deposits/index.js';",
      "import type { WalletService } from '../wallet/index.js';",
      "import { errorResponses } from '../shared/route-errors.js';",
      "import { gameRoutes } from './games.routes.js';",
      "import { staffLogin } from '../withdrawals/withdrawals.test-helpers.js';",
      'export const x: unknown[] = [depositView, errorResponses, gameRoutes, staffLogin, null as WalletService | null];',
      '',
    ].join('\n');
    expect(await problems('apps/server/src/modules/games/boundary-fixture.test.ts', code)).toEqual([]);
  });
});

describe('no import cycle (decision 151)', () => {
  const dir = mkdtempSync(join(ROOT, 'apps/server/lint-fixture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a cycle held by values and one held by types alone', async () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    writeFileSync(join(dir, 'c.ts'), "import type { D } from './d.js';\nexport interface C { d?: D }\n");
    writeFileSync(join(dir, 'd.ts'), "import type { C } from './c.js';\nexport interface D { c?: C }\n");
    writeFileSync(join(dir, 'e.ts'), "import { a } from './a.js';\nexport const e = a;\n");
    const results = await eslint.lintFiles(['a.ts', 'c.ts', 'e.ts'].map((f) => join(dir, f)));
    const cycles = results.map((r) => r.messages.filter((m) => m.ruleId === 'local/no-import-cycle').length);
    // a ↔ b and c ↔ d are cycles; e imports a without being imported back
    expect(cycles).toEqual([1, 1, 0]);
  });
});

describe('a file read in one sitting', () => {
  it('refuses a file over 300 lines in the apps, the packages, the benches, the scripts and the e2e journeys', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    for (const filePath of [
      'apps/server/src/length-fixture.ts',
      'packages/contracts/src/length-fixture.ts',
      'bench/lib/length-fixture.mjs',
      'scripts/soak/length-fixture.ts',
      'e2e/length-fixture.spec.ts',
    ]) {
      expect(await problems(filePath, lines(300)), filePath).not.toContain('max-lines:301');
      expect(await problems(filePath, lines(301)), filePath).toContain('max-lines:301');
    }
  });
});
