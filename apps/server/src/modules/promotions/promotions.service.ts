import type { PromotionsService, PromotionsServiceDependencies } from './promotions.types.js';

/**
 * The home of promotions (issue #16). There are none yet, so a player never has one in use and a
 * withdrawal pays out its whole amount; the deposit and withdrawal services already apply what
 * these answers say (deposits.pricing.ts, docs/decisions/012-withdrawals-and-staff.md), so the
 * promotions engine changes this service only.
 */
export function createPromotionsService(deps: PromotionsServiceDependencies): PromotionsService {
  void deps;
  return {
    async inUse() {
      return null;
    },
    async withdrawalRules(input) {
      return { ok: true, plan: { totalCredit: input.amount, creditReceived: input.amount, creditReturned: 0n, promoCredit: 0n } };
    },
  };
}
