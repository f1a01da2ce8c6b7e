import type { FastifyInstance } from 'fastify';
import { createAgency as createAgencyRows } from '../modules/agency/index.js';

/** A second agency at its own host (its primary), for the tests that one agency sees nothing of another. */
export const createAgency = (app: FastifyInstance, code: string, host: string): Promise<string> =>
  createAgencyRows(app.db, { code, name: code, hosts: [host] });
