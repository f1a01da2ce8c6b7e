import type { FastifyInstance } from 'fastify';
import type { AgencySettings } from '@app/contracts';
import { staffLogin } from './staff.js';

/**
 * Sets the agency's risk rules (decisions 161–163) the way the owner does, through the settings
 * route; the rest of the settings kept. Answers the owner's session.
 */
export async function setRiskRules(
  app: FastifyInstance,
  agencyId: string,
  rules: Partial<
    Pick<AgencySettings, 'withdrawDailyMaxCount' | 'withdrawDailyMaxThb' | 'depositReviewOverLak' | 'withdrawTwoApprovalsOverThb'>
  >,
) {
  const owner = await staffLogin(app, agencyId, 'owner');
  const headers = { host: 'localhost', cookie: owner.cookie };
  const current = (await app.inject({ url: '/api/v2/backoffice/agency/settings', headers })).json();
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v2/backoffice/agency/settings',
    headers,
    payload: { settings: { ...current.settings, ...rules }, social: current.social },
  });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  return owner;
}

export const RULES_OFF = {
  withdrawDailyMaxCount: null,
  withdrawDailyMaxThb: null,
  depositReviewOverLak: null,
  withdrawTwoApprovalsOverThb: null,
} as const;
