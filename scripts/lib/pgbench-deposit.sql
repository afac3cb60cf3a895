-- The baseline for PostgreSQL: the writes of one deposit, as the server makes them, run by pgbench
-- straight against the server's own tables: the payment opened (one statement, its own transaction),
-- then concluded (a TPC-B-like transaction: one balance update and history inserts). bench_wallets
-- (made by scripts/bench-wallet) lists the players' wallets that the server's run created.
\set n random(1, :wallets)
SELECT app_id, player_id, key_owner, wallet_owner FROM bench_wallets WHERE n = :n \gset
INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method,
                      settle_after, created_at)
    VALUES (gen_random_uuid(), :app_id, :player_id, 'deposit', 'processing', 'EUR', 'sandbox', 100, 'sandbox', now(), now())
    ON CONFLICT (id) DO NOTHING RETURNING id AS payment \gset
BEGIN;
UPDATE payments SET status = 'completed', settle_after = NULL, decline_reason = NULL, finished_at = now()
    WHERE id = :payment AND status = 'processing';
SELECT id AS wallet FROM ledger_accounts WHERE app_id = :app_id AND owner = :wallet_owner AND currency = 'EUR' AND economy = 'sandbox' \gset
SELECT id AS deposits FROM ledger_accounts WHERE app_id = :app_id AND owner = 'app:' || 'deposits' AND currency = 'EUR' AND economy = 'sandbox' \gset
INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at)
    VALUES (gen_random_uuid(), :app_id, :player_id, 'deposit', 'ern:' || 'deposit:' || :payment, now()) RETURNING id AS transaction_id \gset
UPDATE ledger_accounts SET balance = balance + 100 WHERE id = :wallet AND balance + 100 >= 0 RETURNING balance \gset
INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    VALUES (:transaction_id, :wallet, 100, :balance), (:transaction_id, :deposits, -100, NULL);
INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
    VALUES (gen_random_uuid(), :app_id, :key_owner, 'baseline-' || gen_random_uuid(), repeat('f', 64), 201, repeat('x', 330), now())
    ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id AS key_id \gset
END;
