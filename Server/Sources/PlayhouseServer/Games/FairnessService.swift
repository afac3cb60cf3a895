import Foundation
import GameMath
import PlayhouseAPI
import SQLKit

/// Each player's fairness seeds: the server seed their bets are drawn from (shown only as its
/// hash until rotated), their client seed, and the nonce each bet takes in turn.
struct FairnessService: Sendable {
    let store: Store
    let now: Date

    /// Whose seeds: a player's, or the game's own user's (an unbacked token).
    static func owner(playerID: UUID?, clientUserID: String?) -> String? {
        if let playerID { return "player:" + playerID.uuidString.lowercased() }
        if let clientUserID { return "user:" + clientUserID }
        return nil
    }

    /// A client seed: 1 to 64 visible ASCII characters.
    static func isValidClientSeed(_ seed: String) -> Bool {
        !seed.isEmpty && seed.utf8.count <= 64 && seed.unicodeScalars.allSatisfy { (0x21...0x7e).contains($0.value) }
    }

    /// The seeds the next bet is drawn from.
    func current(appID: UUID, owner: String) async throws -> FairnessSeeds {
        try await store.transaction { sql in try await Self.currentSeed(sql, appID: appID, owner: owner, now: now).seeds }
    }

    /// Sets the client seed for the bets to come.
    func setClientSeed(_ clientSeed: String, appID: UUID, owner: String) async throws -> FairnessSeeds {
        guard Self.isValidClientSeed(clientSeed) else { throw PlayhouseProblem.validation([.init(name: "client_seed", code: "invalid_value")]) }
        return try await store.transaction { sql in
            _ = try await Self.currentSeed(sql, appID: appID, owner: owner, now: now)
            try await sql.raw("""
                UPDATE fairness_seeds SET client_seed = \(bind: clientSeed)
                WHERE app_id = \(bind: appID) AND owner = \(bind: owner) AND current = 1
                """).run()
            return try await Self.currentSeed(sql, appID: appID, owner: owner, now: now).seeds
        }
    }

    /// Reveals the current server seed and starts a new one with the same client seed.
    func rotate(appID: UUID, owner: String) async throws -> FairnessRotation {
        try await store.transaction { sql in
            let old = try await Self.currentSeed(sql, appID: appID, owner: owner, now: now)
            try await sql.raw("""
                UPDATE fairness_seeds SET current = NULL, revealed_at = \(bind: now) WHERE id = \(bind: old.id)
                """).run()
            let next = try await Self.currentSeed(sql, appID: appID, owner: owner, clientSeed: old.seeds.clientSeed, now: now)
            return FairnessRotation(revealed: RevealedSeed(serverSeed: old.serverSeed, serverSeedHash: old.seeds.serverSeedHash,
                                                           clientSeed: old.seeds.clientSeed, nextNonce: old.seeds.nextNonce),
                                    current: next.seeds)
        }
    }

    /// The seeds one bet draws from, with the nonce it takes: as ``draw(_:appID:owner:clientSeed:now:locking:)``
    /// took it inside the bet's transaction, or as a read found the seed (``seed(_:)``), for a bet
    /// placed at once.
    struct Draw: Sendable {
        var seedID: UUID
        var serverSeed: String
        var serverSeedHash: String
        var clientSeed: String
        var nonce: Int64
        /// The balance `locking` read, if the draw was given a lock.
        var lockedBalance: Int64?
    }

    /// Draws, and with `locking` (a statement that locks a balance and reads it, ``Ledger/balanceLock(_:)``)
    /// takes that lock after the seed's: on PostgreSQL in the same statement.
    static func draw(_ sql: any SQLDatabase, appID: UUID, owner: String, clientSeed: String?, now: Date,
                     locking lock: SQLQueryString? = nil) async throws -> Draw {
        let folded = sql.dialect.name == "postgresql" ? lock : nil
        for _ in 0..<2 {
            if let row = try await sql.raw("""
                \(folded.map { "WITH locked AS (\($0))" as SQLQueryString } ?? "")
                UPDATE fairness_seeds SET \(nonceTaken(clientSeed: clientSeed))
                WHERE app_id = \(bind: appID) AND owner = \(bind: owner) AND current = 1
                RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce\(unsafeRaw: folded == nil ? "" : ", (SELECT balance FROM locked) AS balance")
                """).first() {
                var lockedBalance: Int64?
                if folded != nil {
                    lockedBalance = try row.decode(column: "balance", as: Int64.self)
                } else if let lock {
                    lockedBalance = try await sql.raw(lock).first()?.decode(column: "balance", as: Int64.self)
                }
                return Draw(seedID: try row.decode(column: "id", as: UUID.self),
                            serverSeed: try row.decode(column: "server_seed", as: String.self),
                            serverSeedHash: try row.decode(column: "server_seed_hash", as: String.self),
                            clientSeed: try row.decode(column: "client_seed", as: String.self),
                            nonce: try row.decode(column: "next_nonce", as: Int64.self) - 1,
                            lockedBalance: lockedBalance)
            }
            _ = try await currentSeed(sql, appID: appID, owner: owner, now: now)
        }
        throw PlayhouseProblem(.internalServerError, .internalError)
    }

    /// What a read of `app` (a column) reads along to find the `owner`'s current seed
    /// (``seed(_:)``).
    static func along(app: String, owner: String) -> ReadAlong {
        ReadAlong(columns: """
            \(SQLAlias.fairnessSeed).id AS seed_id, \(SQLAlias.fairnessSeed).server_seed AS seed_server_seed, \
            \(SQLAlias.fairnessSeed).server_seed_hash AS seed_server_seed_hash, \(SQLAlias.fairnessSeed).client_seed AS seed_client_seed, \
            \(SQLAlias.fairnessSeed).next_nonce AS seed_next_nonce
            """, join: """
            LEFT JOIN fairness_seeds \(SQLAlias.fairnessSeed) ON \(SQLAlias.fairnessSeed).app_id = \(unsafeRaw: app)
                AND \(SQLAlias.fairnessSeed).owner = \(bind: owner) AND \(SQLAlias.fairnessSeed).current = 1
            """)
    }

    /// The seed a row read ``along(app:owner:)`` found, as the next bet would draw from it; nil
    /// when the owner has none yet.
    static func seed(_ row: any SQLRow) throws -> Draw? {
        guard let id = try row.decode(column: "seed_id", as: UUID?.self) else { return nil }
        return Draw(seedID: id, serverSeed: try row.decode(column: "seed_server_seed", as: String.self),
                    serverSeedHash: try row.decode(column: "seed_server_seed_hash", as: String.self),
                    clientSeed: try row.decode(column: "seed_client_seed", as: String.self),
                    nonce: try row.decode(column: "seed_next_nonce", as: Int64.self))
    }

    /// The assignments of a bet's draw: the client seed the bet names, if any, then the next nonce.
    private static func nonceTaken(clientSeed: String?) -> SQLQueryString {
        "\(clientSeed.map { "client_seed = \(bind: $0), " as SQLQueryString } ?? "")next_nonce = next_nonce + 1"
    }

    private struct Current {
        var id: UUID
        var serverSeed: String
        var seeds: FairnessSeeds
    }

    /// The owner's current seed, made on first use.
    private static func currentSeed(_ sql: any SQLDatabase, appID: UUID, owner: String, clientSeed: String? = nil,
                                    now: Date) async throws -> Current {
        func find() async throws -> Current? {
            guard let row = try await sql.raw("""
                SELECT id, server_seed, server_seed_hash, client_seed, next_nonce FROM fairness_seeds
                WHERE app_id = \(bind: appID) AND owner = \(bind: owner) AND current = 1
                """).first() else { return nil }
            return Current(id: try row.decode(column: "id", as: UUID.self), serverSeed: try row.decode(column: "server_seed", as: String.self),
                           seeds: FairnessSeeds(serverSeedHash: try row.decode(column: "server_seed_hash", as: String.self),
                                                clientSeed: try row.decode(column: "client_seed", as: String.self),
                                                nextNonce: Int(try row.decode(column: "next_nonce", as: Int64.self))))
        }
        if let found = try await find() { return found }
        let serverSeed = Fairness.newServerSeed()
        try await sql.raw("""
            INSERT INTO fairness_seeds (id, app_id, owner, server_seed, server_seed_hash, client_seed, next_nonce, current, created_at)
            VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: owner), \(bind: serverSeed), \(bind: Fairness.hash(serverSeed: serverSeed)),
                    \(bind: clientSeed ?? Fairness.newClientSeed()), \(bind: Int64(0)), \(bind: 1), \(bind: now))
            ON CONFLICT (app_id, owner, current) DO NOTHING
            """).run()
        guard let made = try await find() else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return made
    }
}
