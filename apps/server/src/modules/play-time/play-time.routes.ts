import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playTodayResponseSchema } from '@app/contracts';
import { requirePlayer } from '../../plugins/session.js';
import { errorResponses } from '../shared/route-errors.js';

/** The player's own play today, for the hourly reminder on game pages (decision 113). */
export const playTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { playTime } = app.services;
  app.get(
    '/v2/players/play-today',
    {
      schema: {
        tags: ['responsible-play'],
        summary: "Since the day's first game launch (Vientiane day) and the net result at the providers played today",
        response: { 200: playTodayResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return playTime.today(requirePlayer(request));
    },
  );
};
