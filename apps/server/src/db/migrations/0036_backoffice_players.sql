-- The back office's players (issue #17, docs/decisions/055-backoffice-players.md).
-- A password reset by staff: the player must choose a new one at the next login; until then the
-- session reaches only the password change, its own info, the fingerprint and logout.
ALTER TABLE players ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- Searches at 200,000 players: each a prefix range on one index of the agency's, keyset-paged by the
-- key and the id. In the C collation (byte order) a LIKE 'abc%' is a range whatever the database's
-- locale. Usernames are lowercase by rule; display names are searched without case.
CREATE INDEX players_username_search ON players (agency_id, (username COLLATE "C"), id);
CREATE INDEX players_display_name_search ON players (agency_id, (lower(display_name) COLLATE "C"), id);
CREATE INDEX players_newest ON players (agency_id, created_at DESC, id DESC);
CREATE INDEX player_bank_accounts_number_search ON player_bank_accounts (agency_id, (account_number COLLATE "C"), player_id);
-- one player's own fingerprints, grouped by hash on the player's page (the hash index finds the others)
CREATE INDEX player_fingerprints_player_hash ON player_fingerprints (player_id, hash);
