-- The ledger balances by construction: when a transaction commits, the entries of every ledger
-- transaction it touched sum to zero per currency, and no ledger transaction is left without entries.
-- Deferred to commit, so a posting's lines can be written one statement at a time
-- (server/repositories/ledger.repository.ts refuses an unbalanced posting before this runs).
CREATE FUNCTION ledger_transaction_is_balanced(tx uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = tx) THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE transaction_id = tx) THEN
    RAISE EXCEPTION 'ledger transaction % has no entries', tx USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency, sum(amount) AS total INTO off
    FROM ledger_entries WHERE transaction_id = tx GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % is off by % (% minor units)', tx, off.total, off.currency
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ledger_transaction_is_balanced(OLD.transaction_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ledger_transaction_is_balanced(NEW.transaction_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT OR UPDATE OR DELETE ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_transactions_have_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_transaction_is_balanced(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_have_entries
  AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transactions_have_entries();
