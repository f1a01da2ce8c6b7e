import { PROVIDER_IDS, fromMinor } from '@app/contracts';
import { createPlayerActions } from './staff-players.actions.js';
import { playerDeposits, playerDetail, playerOf, playerWithdrawals } from './staff-players.detail.js';
import { searchPlayers } from './staff-players.search.js';
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
      const who = { playerId, agencyId, username: player.username };
      const credits = await Promise.all(
        PROVIDER_IDS.map(async (providerId) => {
          try {
            return { providerId, amount: fromMinor(await wallet.creditMinorAt(who, providerId), 'THB') };
          } catch {
            // one provider down must not hide the others' credit: its amount reads "unknown"
            return { providerId, amount: null };
          }
        }),
      );
      return { credits };
    },
    ...createPlayerActions(deps),
  };
}
