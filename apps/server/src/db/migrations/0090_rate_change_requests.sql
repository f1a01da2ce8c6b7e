-- A rate change beyond the agency's bound waits here for a second staff user (issue #35 defect 1,
-- docs/decisions/172-rate-change-guard.md). One waiting change per currency; approved or refused, the
-- row goes (the outcome stays in the rate history and the audit log).
CREATE TABLE currency_rate_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  currency_id uuid NOT NULL UNIQUE REFERENCES currencies (id) ON DELETE CASCADE,
  buy_rate numeric(18, 6) NOT NULL CHECK (buy_rate > 0),
  sell_rate numeric(18, 6) NOT NULL CHECK (sell_rate > 0),
  is_enabled boolean NOT NULL,
  previous_buy_rate numeric(18, 6) NOT NULL,
  previous_sell_rate numeric(18, 6) NOT NULL,
  requested_by uuid NOT NULL,
  requested_username text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX currency_rate_requests_agency_idx ON currency_rate_requests (agency_id);

-- The bound itself, per agency: a change of buy or sell by more than this percentage waits (default 10).
UPDATE agencies SET settings = settings || '{"rateChangeBoundPercent": 10}'::jsonb WHERE NOT settings ? 'rateChangeBoundPercent';
