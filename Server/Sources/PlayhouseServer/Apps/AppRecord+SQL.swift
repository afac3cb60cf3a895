import Foundation
import PlayhouseAPI
import SQLKit

/// How another feature reads an app in the same statement as its own rows (a join on the app's
/// id), without knowing the apps table's columns: the Apps feature names them and decodes them.
extension AppRecord {
    /// The apps table.
    static let table = "apps"

    /// The select list for the apps table aliased `alias`; every column is prefixed `app_` so it
    /// cannot clash with the joining table's own.
    static func selectList(_ alias: String) -> String {
        ["id", "name", "client_id", "environment", "scopes", "redirect_uris", "public_client", "minimum_age", "rate_limit_per_second", "rate_limit_per_hour",
         "created_at"]
            .map { "\(alias).\($0) AS app_\($0)" }
            .joined(separator: ", ")
    }

    /// The app from a row selected with ``selectList(_:)``.
    init(row: some SQLRow) throws {
        self.init(
            id: try row.decode(column: "app_id", as: UUID.self),
            name: try row.decode(column: "app_name", as: String.self),
            clientID: try row.decode(column: "app_client_id", as: String.self),
            environment: AppEnvironment(rawValue: try row.decode(column: "app_environment", as: String.self)) ?? .sandbox,
            scopes: try row.decode(column: "app_scopes", as: [String].self),
            redirectURIs: try row.decode(column: "app_redirect_uris", as: [String].self),
            isPublic: try row.decode(column: "app_public_client", as: Bool.self),
            minimumAge: try row.decode(column: "app_minimum_age", as: Int?.self),
            rateLimits: RequestRateLimits(perSecond: try row.decode(column: "app_rate_limit_per_second", as: Int?.self),
                                          perHour: try row.decode(column: "app_rate_limit_per_hour", as: Int?.self)),
            createdAt: try row.decode(column: "app_created_at", as: Date?.self) ?? Date(timeIntervalSince1970: 0))
    }
}
