import Crypto
import Foundation
import NIOConcurrencyHelpers

/// One showing of a content unit: who was shown which campaign's unit on which placement, when.
/// Nothing is stored when it is made (a placement's content is a read): the impression id is its
/// fields and an HMAC of them with the server's impression key, so any instance can check that
/// an event names an impression the server made.
struct Impression: Sendable, Equatable {
    var appID: UUID
    var campaignID: UUID
    var unitID: UUID
    var placement: String
    var subject: String
    var sessionKey: String
    /// Whole seconds since 1970.
    var issuedAt: Int
    /// Tells apart two showings of the same unit to the same audience in the same second.
    var nonce: String = SecretToken.generate(prefix: "", bytes: 6)

    /// How long events may name an impression.
    static let lifetime: TimeInterval = 24 * 3600
    /// How long its hosted page works.
    static let pageLifetime: TimeInterval = 3600

    /// The impression id: `<fields, base64url>.<HMAC-SHA256 of them, first 16 bytes, base64url>`.
    /// (A field never holds `|`: ids, names of letters, digits, `-` and `_`, numbers.)
    func id(key: SymmetricKey) -> String {
        let fields = [appID.uuidString.lowercased(), campaignID.uuidString.lowercased(), unitID.uuidString.lowercased(), placement, subject,
                      sessionKey, String(issuedAt), nonce].joined(separator: "|")
        let body = Data(fields.utf8).base64URLEncodedString()
        return body + "." + Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key).prefix(16)).base64URLEncodedString()
    }

    /// The impression `id` names, if the server made it with `key` (and it is not older than
    /// ``lifetime`` at `now`).
    init?(id: String, key: SymmetricKey, now: Date) {
        guard id.utf8.count <= 600 else { return nil }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              SecretToken.constantTimeEquals(Data(HMAC<SHA256>.authenticationCode(for: Data(parts[0].utf8), using: key).prefix(16))
                                                .base64URLEncodedString(), String(parts[1])),
              let fields = Data(base64URLEncoded: String(parts[0])).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        let values = fields.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard values.count == 8, let appID = UUID(uuidString: values[0]), let campaignID = UUID(uuidString: values[1]),
              let unitID = UUID(uuidString: values[2]), let issuedAt = Int(values[6]),
              now.timeIntervalSince1970 - Double(issuedAt) <= Self.lifetime else { return nil }
        self.init(appID: appID, campaignID: campaignID, unitID: unitID, placement: values[3], subject: values[4], sessionKey: values[5],
                  issuedAt: issuedAt, nonce: values[7])
    }

    init(appID: UUID, campaignID: UUID, unitID: UUID, placement: String, subject: String, sessionKey: String, issuedAt: Int,
         nonce: String = SecretToken.generate(prefix: "", bytes: 6)) {
        self.appID = appID
        self.campaignID = campaignID
        self.unitID = unitID
        self.placement = placement
        self.subject = subject
        self.sessionKey = sessionKey
        self.issuedAt = issuedAt
        self.nonce = nonce
    }

    /// The player it was shown to, when it was a player.
    var playerID: UUID? {
        subject.hasPrefix("p:") ? UUID(uuidString: String(subject.dropFirst(2))) : nil
    }
}

/// The impression key, read once per application: it never changes.
final class ImpressionKey: Sendable {
    private let key = NIOLockedValueBox<SymmetricKey?>(nil)

    func get(_ store: Store, now: Date) async throws -> SymmetricKey {
        if let key = key.withLockedValue({ $0 }) { return key }
        guard let secret = try await SigningKeys(store: store, now: now, purpose: .impressions).current().secret else {
            throw PlayhouseProblem(.internalServerError, .internalError)
        }
        key.withLockedValue { $0 = secret }
        return secret
    }
}
