import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/**
 * What a module's service may receive from the core (rafiki's `ServiceDependencies`). Each module
 * declares its own dependencies in `<area>.types.ts`, picking from these and adding only what its
 * service uses (a slice of the config, the transfer service, the worker, another module's service),
 * so that its reach reads in one place and a test can build it from parts. The services are built
 * once, in `services.ts`; the routes take theirs from `app.services`.
 */
export interface ServiceDependencies {
  db: Db;
  log: FastifyBaseLogger;
}
