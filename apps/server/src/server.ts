import { ConfigError, loadConfig } from './config.js';

/**
 * Listens and closes gracefully; everything else is in app.ts. The configuration is judged before
 * the app is even loaded: a refused one (docs/decisions/038-production-fails-closed.md) exits at once,
 * naming its variables, with status 1.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
