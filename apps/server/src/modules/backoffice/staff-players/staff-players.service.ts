import { createPlayerActions } from './staff-players.actions.js';
import { playerDeposits, playerDetail, playerOf, playerWithdrawals } from './staff-players.detail.js';
import { searchPlayers } from './staff-players.search.js';
import { liveCredits, withdrawalPlayer } from './staff-players.withdrawal-player.js';
import type { StaffPlayersService, StaffPlayersServiceDependencies } from './staff-players.types.js';

export function createStaffPlayersService(deps: StaffPlayersServiceDependencies): StaffPlayersService {
  const { db, wallet } = deps;
  return {
    search: (agencyId, query) => searchPlayers(db, agencyId, query),
    detail: (agencyId, playerId) => playerDetail(db, agencyId, playerId),
    deposits: (agencyId, playerId, cursor, limit) => playerDeposits(db, agencyId, playerId, cursor, limit),
    withdrawals: (agencyId, playerId, cursor, limit) => playerWithdrawals(db, agencyId, playerId, cursor, limit),
    async credits(agencyId, playerId) {
      const player = await playerOf(db, agencyId, playerId);
      return { credits: await liveCredits(wallet, { playerId, agencyId, username: player.username }) };
    },
    withdrawalPlayer: (agencyId, withdrawalId) => withdrawalPlayer(db, wallet, agencyId, withdrawalId),
    ...createPlayerActions(deps),
  };
}
