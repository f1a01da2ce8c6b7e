import { sql, type SQL } from 'drizzle-orm';

/**
 * What an audit entry changed, by the name staff know it by (docs/decisions/081): a player's or a staff
 * member's username, a promotion's code, an order's transaction code, a currency's code, … and the
 * player it belongs to, for a link to the player's page. Resolved for the page's rows only (a subquery
 * named `page`): per row, the one lookup of its kind, by primary key, that also matches the agency.
 */
interface Target {
  /** the audit entries' entity_type */
  type: string;
  /** `FROM … t WHERE <the target is t>`, t the target's row (`page.target_uuid` its id) */
  from: string;
  name: string;
  /** the player the target belongs to */
  playerId?: string;
}

const byId = (table: string) => `FROM ${table} t WHERE t.id = page.target_uuid AND t.agency_id = page.agency_id`;

const TARGETS: readonly Target[] = [
  { type: 'player', from: byId('players'), name: 't.username', playerId: 't.id' },
  { type: 'staff', from: byId('staff_users'), name: 't.username' },
  { type: 'promotion', from: byId('promotions'), name: 't.code' },
  {
    // a usage: its promotion's code and its player's username
    type: 'promotion_usage',
    from: `FROM promotion_usages t
           JOIN promotions pr ON pr.id = t.promotion_id AND pr.agency_id = t.agency_id
           JOIN players pl ON pl.id = t.player_id AND pl.agency_id = t.agency_id
           WHERE t.id = page.target_uuid AND t.agency_id = page.agency_id`,
    name: `pr.code || ' · ' || pl.username`,
    playerId: 't.player_id',
  },
  { type: 'withdrawal', from: byId('withdrawals'), name: 't.transaction_code', playerId: 't.player_id' },
  { type: 'deposit', from: byId('deposit_orders'), name: 't.transaction_code', playerId: 't.player_id' },
  {
    type: 'provider_transfer',
    from: byId('provider_transfers'),
    name: `t.provider_id || ' · ' || t.player_username`,
    playerId: 't.player_id',
  },
  { type: 'unmatched_payment', from: byId('unmatched_payments'), name: 't.bank_reference' },
  { type: 'currency', from: byId('currencies'), name: 't.code' },
  { type: 'agency', from: 'FROM agencies t WHERE t.id = page.target_uuid AND t.id = page.agency_id', name: 't.name' },
];

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/** a column of the page: the entity id as a uuid when it is one (a bank configuration's is `agency:bank`), never cast otherwise */
export const targetKey = sql.raw(`CASE WHEN entity_id ~ ${UUID} THEN entity_id::uuid END AS target_uuid`);

// a CASE runs only its row's branch: one index probe per row (two with a player), none for an export
const pick = (column: (t: Target) => string | undefined, extra = ''): SQL =>
  sql.raw(
    `CASE page.entity_type ${TARGETS.flatMap((t) => {
      const c = column(t);
      return c ? [`WHEN '${t.type}' THEN (SELECT ${c} ${t.from})`] : [];
    }).join(' ')} ${extra} END`,
  );

/** the target's name and player, as `target_name` and `target_player_id` */
export const targetColumns = sql`${pick(
  (t) => t.name,
  // a bank's QR settings are named by their bank, in their id
  `WHEN 'agency_bank_config' THEN upper(split_part(page.entity_id, ':', 2))`,
)} AS target_name, (${pick((t) => t.playerId)})::text AS target_player_id`;
