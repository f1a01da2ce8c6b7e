import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addBankAccountBodySchema, addBankAccountResponseSchema, bankAccountsResponseSchema } from '@app/contracts';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

export const bankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankAccounts } = app.services;
  // a visitor gets 401 before any body is judged
  app.addHook('preValidation', async (request) => {
    requirePlayer(request);
  });

  app.get(
    '/v2/players/bank-accounts',
    {
      config: { playerBankAccounts: true },
      schema: {
        tags: ['bank-accounts'],
        summary: "The player's bank account (at most one)",
        response: { 200: bankAccountsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      return { bankAccounts: await bankAccounts.ofSession(requirePlayer(request)) };
    },
  );

  app.post(
    '/v2/players/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "Adds the player's one bank account (LAK, six banks, no mobile wallets)",
        body: addBankAccountBodySchema,
        response: { 201: addBankAccountResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const p = requirePlayer(request);
      const bankAccount = await bankAccounts.add(p.agencyId, p.playerId, request.body);
      return reply.status(201).send({ bankAccount });
    },
  );
};
