import { buildSandbox } from './app.js';
import { loadSandboxConfig } from './config.js';

async function main() {
  const config = loadSandboxConfig();
  const app = await buildSandbox(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await app.listen({ host: config.SANDBOX_HOST, port: config.SANDBOX_PORT });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
