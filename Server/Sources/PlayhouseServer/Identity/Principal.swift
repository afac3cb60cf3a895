import Foundation
import Vapor

/// Who a request acts for, as proven by its bearer token.
struct Principal: Sendable {
    var tokenID: UUID
    var app: AppRecord
    var scopes: [String]
    var playerID: UUID?
    var sessionID: UUID?
    var expiresAt: Date
}

private struct PrincipalKey: StorageKey {
    typealias Value = Principal
}

extension Request {
    /// The authenticated caller; set by ``BearerAuthMiddleware``.
    var principal: Principal {
        get throws {
            guard let principal = storage[PrincipalKey.self] else { throw PlayhouseProblem.missingToken }
            return principal
        }
    }

    func setPrincipal(_ principal: Principal) { storage[PrincipalKey.self] = principal }
}
