-- The hourly play reminder (issue #32, docs/decisions/113-play-time-and-net-today.md). Additive only.
-- One row per player, Vientiane day and provider: the first game launch there that day and the credit
-- the player had there at that moment (read live at launch), the base of "net result today".
CREATE TABLE player_play_days (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  day date NOT NULL,
  provider text NOT NULL,
  first_launch_at timestamptz NOT NULL,
  credit_at_first_launch bigint NOT NULL CHECK (credit_at_first_launch >= 0),
  PRIMARY KEY (player_id, day, provider)
);
