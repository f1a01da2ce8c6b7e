-- One daily transaction-code sequence per agency and kind of order (D: deposits, W: withdrawals),
-- instead of a table each (deposit_sequences, withdrawal_code_counters) written by near-copies of
-- one function (modules/shared/transaction-code.ts). The counts so far carried over.
CREATE TABLE transaction_code_sequences (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  prefix text NOT NULL CHECK (prefix IN ('D', 'W')),
  day date NOT NULL,
  last_value int NOT NULL,
  PRIMARY KEY (agency_id, prefix, day)
);

INSERT INTO transaction_code_sequences (agency_id, prefix, day, last_value)
SELECT agency_id, 'D', day, last_value FROM deposit_sequences;
INSERT INTO transaction_code_sequences (agency_id, prefix, day, last_value)
SELECT agency_id, 'W', to_date(day, 'YYMMDD'), last FROM withdrawal_code_counters;

DROP TABLE deposit_sequences;
DROP TABLE withdrawal_code_counters;
