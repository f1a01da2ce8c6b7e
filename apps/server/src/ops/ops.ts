import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateOnStart, StartRefused } from '../db/migrate-on-start.js';
import { findCommand, OpsError, runCommand, usage } from './commands.js';

/**
 * `npm run ops -- <command>` (scripts/ops.mjs runs this file with tsx, or its build with plain node
 * in production): the configuration judged as the server judges it, the database it names opened,
 * brought up to date as the server's start would (in production: refused while a migration is
 * pending, except by `migrate` itself), one command run, the exit status its answer.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(usage());
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    console.error(`unknown command: ${argv.join(' ')}\n\n${usage()}`);
    return 2;
  }
  if (found.rest.includes('--help')) {
    console.log(`usage: npm run ops -- ${found.command.usage}\n\n${found.command.summary}`);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    if (found.name !== 'migrate') await migrateOnStart(database, config, pino({ level: config.LOG_LEVEL }, pino.destination(2)));
    return await runCommand({ database, config, out: (line) => console.log(line), err: (line) => console.error(line) }, found);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof StartRefused || err instanceof OpsError) {
      console.error(err.message);
      process.exit(err instanceof OpsError ? 2 : 1);
    }
    console.error(err);
    process.exit(1);
  },
);
