import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import type { Worker } from './jobs/worker.js';
import type { TransferService } from './ledger/transfers/index.js';
import type { BankGateways } from './payments/index.js';
import type { LoginThrottle } from './plugins/login-throttle.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { ProviderLookup } from './providers/types.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import type { AccountsService } from './modules/accounts/accounts.types.js';
import { createPasswordHasher } from './modules/accounts/passwords.js';
import { createBackofficeService } from './modules/backoffice/backoffice.service.js';
import type { BackofficeService } from './modules/backoffice/backoffice.types.js';
import { createAttentionService } from './modules/deposit-attention/attention.service.js';
import type { AttentionService } from './modules/deposit-attention/attention.types.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import type { DashboardService } from './modules/dashboard/dashboard.types.js';
import { createBankAccountsService } from './modules/bank-accounts/bank-accounts.service.js';
import type { BankAccountsService } from './modules/bank-accounts/bank-accounts.types.js';
import { createDepositsService } from './modules/deposits/deposits.service.js';
import type { DepositsService } from './modules/deposits/deposits.types.js';
import { createGamesService } from './modules/games/games.service.js';
import type { GamesService } from './modules/games/games.types.js';
import { createPromotionsService } from './modules/promotions/promotions.service.js';
import type { PromotionsService } from './modules/promotions/promotions.types.js';
import type { ServiceDependencies } from './modules/service-dependencies.js';
import { createStaffPlayersService } from './modules/staff-players/staff-players.service.js';
import type { StaffPlayersService } from './modules/staff-players/staff-players.types.js';
import { createQrInspectService, type QrInspectService } from './modules/qr-inspect/index.js';
import { createStaffSettingsService } from './modules/staff-settings/staff-settings.service.js';
import type { StaffSettingsService } from './modules/staff-settings/staff-settings.types.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import type { WalletService } from './modules/wallet/wallet.types.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service.js';
import type { WithdrawalsService } from './modules/withdrawals/withdrawals.types.js';

/** Every module's service, built once; the routes of a module take theirs from `app.services`. */
export interface Services {
  accounts: AccountsService;
  bankAccounts: BankAccountsService;
  wallet: WalletService;
  games: GamesService;
  promotions: PromotionsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  backoffice: BackofficeService;
  attention: AttentionService;
  staffPlayers: StaffPlayersService;
  staffSettings: StaffSettingsService;
  qrInspect: QrInspectService;
  dashboard: DashboardService;
}

/** The parts of the core a module's service may be given (the plugins registered before this one make them). */
export interface CoreDependencies extends ServiceDependencies {
  config: Config;
  providers: ProviderLookup;
  bankGateways: BankGateways;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  transfers: TransferService;
  worker: Worker;
}

/**
 * The composition root: each service receives only what it uses, other modules' services among it.
 * A service that settles transfers or runs jobs registers its kinds and job types with the transfer
 * service and the worker as it is built here (checked complete when the app is ready).
 */
export function createServices(core: CoreDependencies): Services {
  const { db, log, config, providers, bankGateways, rateLimiter, loginThrottle, transfers, worker } = core;
  const passwords = createPasswordHasher(config);
  const bankAccounts = createBankAccountsService({ db });
  const promotions = createPromotionsService({ db, log, config, providers, transfers, worker, bankAccounts });
  const wallet = createWalletService({ db, providers });
  const withdrawals = createWithdrawalsService({ db, log, config, transfers, worker, wallet, bankAccounts, promotions });
  const backoffice = createBackofficeService({ db, passwords, loginThrottle, withdrawals });
  const attention = createAttentionService({ db, config, transfers });
  return {
    accounts: createAccountsService({ db, passwords, rateLimiter, loginThrottle, bankAccounts }),
    bankAccounts,
    wallet,
    games: createGamesService({ providers, wallet }),
    promotions,
    deposits: createDepositsService({ db, log, config, bankGateways, rateLimiter, transfers, worker, wallet, promotions }),
    withdrawals,
    backoffice,
    attention,
    staffPlayers: createStaffPlayersService({ db, passwords, bankAccounts, wallet }),
    staffSettings: createStaffSettingsService({ db }),
    qrInspect: createQrInspectService({ db, gatewayFor: (agencyId, bank) => bankGateways.for(agencyId, bank) }),
    dashboard: createDashboardService({ db, backoffice, attention, closedDaysTtlMs: config.DASHBOARD_CLOSED_DAYS_SECONDS * 1000 }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Decorates `app.services`, built from the app's core parts. */
export const servicesPlugin = fp(async (app: FastifyInstance) => {
  const services = createServices({
    db: app.db,
    log: app.log,
    config: app.config,
    providers: app.providers,
    bankGateways: app.bankGateways,
    rateLimiter: app.rateLimiter,
    loginThrottle: app.loginThrottle,
    transfers: app.transfers,
    worker: app.worker,
  });
  app.decorate('services', services);
  // a declared transfer kind or job type without its handler would leave money or orders waiting: refuse to start
  app.addHook('onReady', async () => {
    app.transfers.assertEveryKindHandled();
    app.worker.assertEveryTypeHandled();
  });
  // before the database closes: the confirmations under way finish, then the transfers they dispatched
  app.addHook('preClose', async () => {
    await services.deposits.close();
    await app.transfers.idle();
  });
});
