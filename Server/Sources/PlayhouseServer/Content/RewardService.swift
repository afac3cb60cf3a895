import Foundation
import JWTKit
import PlayhouseAPI
import SQLKit

/// Rewards with signed receipts: a player who takes a reward unit's call to action gets one
/// receipt for that showing (a unique id, what it grants, signed with the server's Ed25519 key),
/// and claims it exactly once (``ClaimReward``). Content never credits
/// real money: a reward's currency is one of the app's virtual ones (checked at import).
struct RewardService: Sendable {
    let store: Store
    let now: Date
    /// The server's public URL: the receipts' issuer.
    let issuer: String

    /// The receipt for `impression`, shown to `playerID`, of the reward unit `unit`: made the first
    /// time, the same one every time after (``ContentEventService/takeReward(_:impressionID:unit:)``
    /// looks for it first and checks the campaign's caps).
    func issue(for impression: Impression, impressionID: String, unit: ContentUnit, playerID: UUID) async throws -> RewardReceipt {
        guard let grant = unit.grant else { throw PlayhouseProblem(.unprocessableEntity, .notAReward) }
        let id = UUID.random(), issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let claims = RewardReceiptClaims(iss: issuer, jti: id.uuidString.lowercased(), sub: playerID.uuidString.lowercased(),
                                         iat: Int(issuedAt.timeIntervalSince1970), unit: unit.slug, items: grant.items,
                                         amount: grant.amount?.amount, currency: grant.amount?.currency)
        let token = try await SigningKeys(store: store, now: now, purpose: .rewardReceipts).sign(claims)
        let grantJSON = String(decoding: try JSONEncoder().encode(grant), as: UTF8.self)
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO reward_receipts (id, app_id, player_id, unit, placement, impression, grants, token, issued_at)
                VALUES (\(bind: id), \(bind: impression.appID), \(bind: playerID), \(bind: unit.slug), \(bind: impression.placement),
                        \(bind: impressionID), \(bind: grantJSON), \(bind: token), \(bind: issuedAt))
                ON CONFLICT (impression) DO NOTHING
                """).run()
        }
        // Of two simultaneous clicks one receipt is stored; both answer it.
        guard let receipt = try await find(impression: impressionID) else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return receipt
    }

    /// The player's receipts, newest first: all, or only the unclaimed (`claimed: false`) or claimed ones.
    func list(playerID: UUID, claimed: Bool?, page: PageRequest) async throws -> PlayhouseAPI.Page<RewardReceipt> {
        let before = page.position.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) } ?? .distantFuture
        let filter: SQLQueryString = switch claimed {
        case nil: ""
        case true?: "AND claimed_at IS NOT NULL"
        case false?: "AND claimed_at IS NULL"
        }
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT \(Self.columns) FROM reward_receipts WHERE player_id = \(bind: playerID) AND issued_at < \(bind: before) \(filter)
                ORDER BY issued_at DESC, id LIMIT \(bind: page.readLimit)
                """).all()
        }
        let receipts = try rows.prefix(page.limit).map(Self.wire)
        let next = rows.count > page.limit ? receipts.last.map { PageRequest.microseconds($0.issuedAt) } : nil
        return page.page(receipts, next: next)
    }

    func find(id: UUID, playerID: UUID) async throws -> RewardReceipt? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Self.columns) FROM reward_receipts WHERE id = \(bind: id) AND player_id = \(bind: playerID)").first()
        }.map(Self.wire)
    }

    /// The receipt issued for the showing `impression`, if one was.
    func find(impression: String) async throws -> RewardReceipt? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Self.columns) FROM reward_receipts WHERE impression = \(bind: impression)").first()
        }.map(Self.wire)
    }

    private static let columns: SQLQueryString = "id, player_id, unit, grants, token, issued_at, claimed_at, transaction_id"

    private static func wire(_ row: any SQLRow) throws -> RewardReceipt {
        let id = try row.decode(column: "id", as: UUID.self).uuidString.lowercased()
        return RewardReceipt(id: id, ern: ERN.make("receipt", id), playerID: try row.decode(column: "player_id", as: UUID.self).uuidString.lowercased(),
                             unit: try row.decode(column: "unit", as: String.self),
                             grant: try JSONDecoder().decode(RewardGrant.self, from: Data(try row.decode(column: "grants", as: String.self).utf8)),
                             issuedAt: try row.decode(column: "issued_at", as: Date.self), claimedAt: try row.decode(column: "claimed_at", as: Date?.self),
                             transactionID: try row.decode(column: "transaction_id", as: UUID?.self)?.uuidString.lowercased(),
                             token: try row.decode(column: "token", as: String.self))
    }
}

/// A receipt's claims are what the server signs: nothing in them expires (a receipt is good until
/// it is claimed, which the server records).
extension RewardReceiptClaims: @retroactive JWTPayload {
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
