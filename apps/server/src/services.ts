import { PROVIDER_IDS } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.js';
import type { Worker } from './jobs/worker.js';
import type { TransferService } from './ledger/transfers/index.js';
import type { BankGateways } from './payments/index.js';
import type { LoginThrottle } from './plugins/login-throttle.js';
import type { RateLimiter } from './plugins/rate-limit.js';
import type { ProviderLookup } from './providers/types.js';
import { createAccountsService, createPasswordHasher, type AccountsService } from './modules/accounts/index.js';
import { createAlertsService, type AlertsService } from './modules/backoffice/alerts/index.js';
import { createAttentionService, type AttentionService } from './modules/backoffice/attention/index.js';
import { createDashboardService, type DashboardService } from './modules/backoffice/dashboard/index.js';
import { createStaffPlayersService, type StaffPlayersService } from './modules/backoffice/staff-players/index.js';
import { createStaffSettingsService, type StaffSettingsService } from './modules/backoffice/staff-settings/index.js';
import { createStaffService, type StaffService } from './modules/backoffice/staff/index.js';
import { createBankAccountsService, type BankAccountsService } from './modules/bank-accounts/index.js';
import { createCreditMovesService, type CreditMovesService } from './modules/credit-moves/index.js';
import { createDepositsService, type DepositsService } from './modules/deposits/index.js';
import { createFraudSignalsService, type FraudSignalsService } from './modules/fraud-signals/index.js';
import { createGamesService, type GamesService } from './modules/games/index.js';
import { createProviderMaintenanceService, type ProviderMaintenanceService } from './modules/provider-maintenance/index.js';
import { createPlayTimeService, type PlayTimeService } from './modules/play-time/index.js';
import { createPromotionsService, type PromotionsService } from './modules/promotions/index.js';
import type { ServiceDependencies } from './modules/service-dependencies.js';
import { createReconciliationService, type ReconciliationService } from './modules/backoffice/reconciliation/index.js';
import { registerReconciliationJobs } from './modules/reconciliation/index.js';
import { createQrInspectService, type QrInspectService } from './modules/qr-inspect/index.js';
import { createResponsiblePlayService, type ResponsiblePlayService } from './modules/responsible-play/index.js';
import { createWalletService, type WalletService } from './modules/wallet/index.js';
import { createWithdrawalsService, type WithdrawalsService } from './modules/withdrawals/index.js';

/**
 * The services other modules use, built once; the routes of a module take theirs from `app.services`.
 * A module whose service nobody else uses builds it in its own plugin from `app.core` (decision 152).
 */
export interface Services {
  accounts: AccountsService;
  bankAccounts: BankAccountsService;
  wallet: WalletService;
  games: GamesService;
  promotions: PromotionsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  creditMoves: CreditMovesService;
  staff: StaffService;
  attention: AttentionService;
  staffPlayers: StaffPlayersService;
  staffSettings: StaffSettingsService;
  qrInspect: QrInspectService;
  reconciliation: ReconciliationService;
  dashboard: DashboardService;
  alerts: AlertsService;
  responsiblePlay: ResponsiblePlayService;
  providerMaintenance: ProviderMaintenanceService;
  fraudSignals: FraudSignalsService;
  playTime: PlayTimeService;
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
  /** the clock of the time rules (responsible play) */
  now: () => Date;
}

/**
 * The composition root: each service receives only what it uses, other modules' services among it.
 * A service that settles transfers or runs jobs registers its kinds and job types with the transfer
 * service and the worker as it is built here (checked complete when the app is ready).
 */
export function createServices(core: CoreDependencies): Services {
  const { db, log, config, providers, bankGateways, rateLimiter, loginThrottle, transfers, worker, now } = core;
  const passwords = createPasswordHasher(config);
  // pairs of players that may be one person, written as the events happen (decision 164)
  const fraudSignals = createFraudSignalsService({ db, log });
  const bankAccounts = createBankAccountsService({ db, fraudSignals });
  const responsiblePlay = createResponsiblePlayService({ db, now });
  const providerMaintenance = createProviderMaintenanceService({ db, now });
  const promotions = createPromotionsService({
    db,
    log,
    config,
    providers,
    transfers,
    worker,
    bankAccounts,
    responsiblePlay,
    fraudSignals,
  });
  const wallet = createWalletService({ db, providers });
  const playTime = createPlayTimeService({ db, now, wallet });
  const withdrawals = createWithdrawalsService({ db, log, config, transfers, worker, wallet, bankAccounts, promotions, fraudSignals, now });
  const deposits = createDepositsService({
    db,
    log,
    config,
    bankGateways,
    rateLimiter,
    transfers,
    worker,
    wallet,
    promotions,
    responsiblePlay,
    providerMaintenance,
  });
  const attention = createAttentionService({ db, config, transfers, deposits });
  // the banks' payments against the deposits, the providers' transfers against the ledger, once a day
  // (decisions 138 and 142): read only, kept for staff
  registerReconciliationJobs({ db, log, worker, bankGateways, providers, providerIds: PROVIDER_IDS });
  return {
    accounts: createAccountsService({ db, passwords, rateLimiter, loginThrottle, bankAccounts, fraudSignals }),
    bankAccounts,
    wallet,
    games: createGamesService({ providers, wallet, responsiblePlay, providerMaintenance, playTime }),
    playTime,
    promotions,
    deposits,
    withdrawals,
    creditMoves: createCreditMovesService({ db, log, config, transfers, worker, wallet, promotions, responsiblePlay, providerMaintenance }),
    staff: createStaffService({ db, passwords, loginThrottle }),
    attention,
    staffPlayers: createStaffPlayersService({ db, passwords, bankAccounts, wallet, loginThrottle, fraudSignals }),
    responsiblePlay,
    providerMaintenance,
    fraudSignals,
    staffSettings: createStaffSettingsService({ db }),
    reconciliation: createReconciliationService({ db, bankGateways, deposits, providers }),
    qrInspect: createQrInspectService({ db, gatewayFor: (agencyId, bank) => bankGateways.for(agencyId, bank) }),
    dashboard: createDashboardService({ db, withdrawals, attention, closedDaysTtlMs: config.DASHBOARD_CLOSED_DAYS_SECONDS * 1000 }),
    alerts: createAlertsService({ db, log, config, worker }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** the core's parts, for a module that builds its own service (one no other module uses; decision 152) */
    core: CoreDependencies;
  }
}

/** Decorates `app.services`, built from the app's core parts. */
export const servicesPlugin = fp(async (app: FastifyInstance, opts: { now: () => Date }) => {
  const core: CoreDependencies = {
    db: app.db,
    log: app.log,
    config: app.config,
    providers: app.providers,
    bankGateways: app.bankGateways,
    rateLimiter: app.rateLimiter,
    loginThrottle: app.loginThrottle,
    transfers: app.transfers,
    worker: app.worker,
    now: opts.now,
  };
  const services = createServices(core);
  app.decorate('core', core);
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
