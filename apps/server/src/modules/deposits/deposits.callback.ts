import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BankCode } from '@app/contracts';
import { AppError } from '../../errors.js';
import {
  BANK_CALLBACK_PATH,
  bankCallbackRoute,
  BankGatewayUnavailableError,
  type BankGateway,
  type BankNotice,
} from '../../payments/index.js';
import { gatewayCannotBeAsked } from './deposits.errors.js';

/** The banks whose protocol pushes notices to a webhook of ours, by protocol. */
// a Map: the path's protocol is a stranger's text, and `__proto__` must find nothing
const WEBHOOK_BANKS: ReadonlyMap<string, BankCode> = new Map([
  ['jdb-yes', 'jdb'],
  ['lvb-openapi', 'lvb'],
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/v2/payments/callback (the sandbox protocol) and /api/v2/payments/{protocol}/{agencyId}
 * or /api/v2/payments/{protocol} on the agency's host (a bank's webhook, JDB's and LVB's, checked
 * with that agency's credentials for the bank): the
 * signature is checked on the raw body before this runs (payments/raw-body.ts). A notice is only a
 * hint (DESIGN.md §5): 202 while its payment is being confirmed with the bank's status API in the
 * background, 200 with the order's status when it was settled before (docs/decisions/024, 120).
 */
export async function depositCallbackRoutes(app: FastifyInstance) {
  const { deposits } = app.services;
  const onCallback = async (notice: BankNotice, request: FastifyRequest, reply: FastifyReply, gateway: BankGateway) => {
    const params = request.params as { agencyId?: string };
    const answer = await deposits.callback(notice, { agencyId: params.agencyId ?? request.agency?.id ?? null, gateway });
    if (answer.confirming) return reply.code(202).send({ ok: true, status: answer.status });
    return { ok: true, status: answer.status };
  };
  await bankCallbackRoute(app, { path: BANK_CALLBACK_PATH, onCallback });
  /** The agency's adapter for the bank whose webhook this is, when the agency speaks that protocol to it. */
  async function webhookGateway(protocol: string, agencyId: string | undefined): Promise<BankGateway> {
    const bank = WEBHOOK_BANKS.get(protocol);
    if (!bank || !agencyId || !UUID.test(agencyId)) throw new AppError('NOT_FOUND', 'no such webhook');
    let gateway: BankGateway;
    try {
      gateway = await app.bankGateways.for(agencyId, bank);
    } catch (err) {
      if (err instanceof BankGatewayUnavailableError) throw gatewayCannotBeAsked();
      throw err;
    }
    // an agency that does not speak this protocol to this bank has no such webhook
    if (gateway.protocol !== protocol) throw new AppError('NOT_FOUND', 'no such webhook');
    return gateway;
  }
  await bankCallbackRoute(app, {
    path: '/api/v2/payments/:protocol/:agencyId',
    gatewayFor(request) {
      const { protocol, agencyId } = request.params as { protocol: string; agencyId: string };
      return webhookGateway(protocol, agencyId);
    },
    onCallback,
  });
  // the same webhook on the agency's own host (a bank registers one URL per merchant: JDB's partner
  // webhook), the agency found from the host as for every page of its site (docs/decisions/136)
  await bankCallbackRoute(app, {
    path: '/api/v2/payments/:protocol',
    gatewayFor(request) {
      return webhookGateway((request.params as { protocol: string }).protocol, request.agency?.id);
    },
    onCallback,
  });
}
