import Foundation

/// The receipt of a deleted account (`POST /v1/me/deletion`, and the admin API's
/// `POST /admin/v1/apps/{app}/players/{player}/deletion`): what was done, at once.
///
/// Every way to sign in is gone, every session ended and every token revoked; what identified the
/// person is erased in every feature. The ledger, payments and bets stay, under the player's id
/// alone, which no longer names anyone.
public struct AccountDeletion: Codable, Sendable, Equatable {
    /// A sandbox or virtual balance written off to the house before the erasure.
    public struct WriteOff: Codable, Sendable, Equatable {
        public var amount: Money
        public var economy: Economy

        public init(amount: Money, economy: Economy) {
            self.amount = amount
            self.economy = economy
        }
    }

    /// `ern:deletion:<id>`: what support asks for.
    public var id: String
    /// The player's id, kept by the ledger's records as a pseudonym.
    public var playerID: String
    public var deletedAt: Date
    public var writtenOff: [WriteOff]

    public init(id: String, playerID: String, deletedAt: Date, writtenOff: [WriteOff]) {
        self.id = id
        self.playerID = playerID
        self.deletedAt = deletedAt
        self.writtenOff = writtenOff
    }

    enum CodingKeys: String, CodingKey {
        case deletedAt = "deleted_at", id, playerID = "player_id", writtenOff = "written_off"
    }
}
