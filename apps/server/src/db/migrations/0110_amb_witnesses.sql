-- AMB takes no transfer reference, so a lost answer is decided from the member's balance before and
-- after the attempt (docs/decisions/141). The witness is kept on the transfer, not in the sending
-- process: another instance, or this one after a restart, decides it, and a member's next transfer
-- waits while one is undecided. Expand only: an older instance ignores the columns.
--   witness_state: NULL (no witness: held for staff), 'claimed' (the member taken, not sent yet),
--   'sent' (sent, balance before kept), 'released' (not sent or never applied: may be sent again),
--   'decided' (applied or refused)
ALTER TABLE provider_transfers
  ADD COLUMN witness_state text CHECK (witness_state IN ('claimed', 'sent', 'released', 'decided')),
  ADD COLUMN witness_before bigint,
  ADD COLUMN witness_sent_at timestamptz;

CREATE INDEX provider_transfers_witness_open ON provider_transfers (provider_id, player_id)
  WHERE witness_state IN ('claimed', 'sent') AND status = 'PENDING';
