import Fluent
import Foundation
import SQLKit

/// An imported game as stored: its definition as JSON, with the figures computed from it.
struct GameRecord: Sendable {
    var id: UUID
    var appID: UUID
    var slug: String
    var name: String
    var type: String
    /// `open` or `closed`.
    var status: String
    /// Grows with each import of a new definition.
    var version: Int
    var definition: String
    var rtp: Double
    var hitFrequency: Double

    static let columns: SQLQueryString = "id, app_id, slug, name, type, status, version, definition, rtp, hit_frequency"

    init(row: some SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        appID = try row.decode(column: "app_id", as: UUID.self)
        slug = try row.decode(column: "slug", as: String.self)
        name = try row.decode(column: "name", as: String.self)
        type = try row.decode(column: "type", as: String.self)
        status = try row.decode(column: "status", as: String.self)
        version = try row.decode(column: "version", as: Int.self)
        definition = try row.decode(column: "definition", as: String.self)
        rtp = try row.decode(column: "rtp", as: Double.self)
        hitFrequency = try row.decode(column: "hit_frequency", as: Double.self)
    }
}
