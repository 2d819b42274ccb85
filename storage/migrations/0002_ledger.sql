-- The double-entry ledger. An account is a player (same id) or a system account (< 0).
CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER UNIQUE REFERENCES players (id),
    system_name TEXT UNIQUE,
    CHECK ((player_id IS NULL) <> (system_name IS NULL)),
    CHECK (player_id IS NULL OR player_id = id),
    CHECK (system_name IS NULL OR id < 0)
);
INSERT INTO accounts (id, system_name) VALUES (-1, 'bank'), (-2, 'house');
INSERT INTO accounts (id, player_id) SELECT id, id FROM players;

-- One row per booked transaction; (key, kind) makes booking idempotent.
-- on_boards: whether the entries count on weekly/community leaderboards (games and
-- competition transfers do; grants and relief do not).
CREATE TABLE ledger_txns (
    id           INTEGER PRIMARY KEY,
    key          TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('beans', 'points', 'cup')),
    community_id INTEGER REFERENCES communities (id),
    on_boards    INTEGER NOT NULL,
    memo         TEXT NOT NULL DEFAULT '',
    at           REAL NOT NULL,
    UNIQUE (key, kind)
);

-- kind repeats the transaction's kind so a balance is one index range.
CREATE TABLE ledger_entries (
    txn_id     INTEGER NOT NULL REFERENCES ledger_txns (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    kind       TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount <> 0),
    PRIMARY KEY (txn_id, account_id)
) WITHOUT ROWID;
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, kind);

-- Cached balances: kept by the trigger below inside the booking transaction.
CREATE TABLE balances (
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    kind       TEXT NOT NULL,
    amount     INTEGER NOT NULL,
    PRIMARY KEY (account_id, kind)
) WITHOUT ROWID;

CREATE TRIGGER ledger_entries_cache_balance AFTER INSERT ON ledger_entries
BEGIN
    INSERT INTO balances (account_id, kind, amount) VALUES (NEW.account_id, NEW.kind, NEW.amount)
    ON CONFLICT (account_id, kind) DO UPDATE SET amount = amount + excluded.amount;
END;

-- The ledger is append-only: a correction is a new transaction.
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN
    SELECT RAISE (ABORT, 'ledger entries are append-only');
END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN
    SELECT RAISE (ABORT, 'ledger entries are append-only');
END;
