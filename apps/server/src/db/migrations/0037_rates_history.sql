-- Rates and agency settings in the back office (issue #17, docs/decisions/056-rates-and-agency-settings.md).
-- Every change of a currency's buy or sell rate leaves a row here, written in the change's transaction.
CREATE TABLE currency_rate_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  currency_id uuid NOT NULL REFERENCES currencies (id) ON DELETE CASCADE,
  buy_rate numeric(18, 6) NOT NULL CHECK (buy_rate > 0),
  sell_rate numeric(18, 6) NOT NULL CHECK (sell_rate > 0),
  previous_buy_rate numeric(18, 6) NOT NULL,
  previous_sell_rate numeric(18, 6) NOT NULL,
  staff_id uuid,
  staff_username text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX currency_rate_history_currency_idx ON currency_rate_history (currency_id, changed_at DESC, id DESC);

-- A rate is positive, and the house never buys credit back dearer than it sells it (DESIGN.md §3, §5).
ALTER TABLE currencies ADD CONSTRAINT currencies_rates_sane CHECK (buy_rate > 0 AND sell_rate > 0 AND buy_rate <= sell_rate) NOT VALID;

-- A promotion's figures (taken, used, bonus cost) in one grouped read of its agency's usages.
CREATE INDEX promotion_usages_figures_idx ON promotion_usages (agency_id, promotion_id)
  INCLUDE (deposit_order_id, bonus, clawed_back, closed_by);
