import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addBankAccountBodySchema, addBankAccountResponseSchema, bankAccountsResponseSchema, errorBodySchema } from '@app/contracts';
import { requirePlayer } from '../../plugins/session.js';
import { addBankAccount, listBankAccounts } from './bank-accounts.service.js';

export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // a visitor gets 401 before any body is judged
  app.addHook('preValidation', async (request) => {
    requirePlayer(request);
  });

  app.get(
    '/v2/players/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "The player's bank account (at most one)",
        response: { 200: bankAccountsResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const p = requirePlayer(request);
      return { bankAccounts: await listBankAccounts(app.db, p.agencyId, p.playerId) };
    },
  );

  app.post(
    '/v2/players/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "Adds the player's one bank account (LAK, six banks, no mobile wallets)",
        body: addBankAccountBodySchema,
        response: {
          201: addBankAccountResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const p = requirePlayer(request);
      const bankAccount = await addBankAccount(app.db, p.agencyId, p.playerId, request.body);
      return reply.status(201).send({ bankAccount });
    },
  );
};
