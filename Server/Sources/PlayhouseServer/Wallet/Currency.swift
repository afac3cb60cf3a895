import Fluent
import Foundation
import PlayhouseAPI

/// A currency an app has configured: real money (ISO 4217, with its minor units), a virtual
/// currency (whole units, such as kredits) or one game's credits.
final class Currency: Model, @unchecked Sendable {
    static let schema = "currencies"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Field(key: "code") var code: String
    @Field(key: "kind") var kind: String
    @Field(key: "minor_units") var minorUnits: Int
    @Field(key: "name") var name: String
    @OptionalField(key: "game") var game: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(appID: UUID, code: String, kind: CurrencyKind, minorUnits: Int, name: String, game: String?) {
        self.$app.id = appID
        self.code = code
        self.kind = kind.rawValue
        self.minorUnits = minorUnits
        self.name = name
        self.game = game
    }

    var info: CurrencyInfo {
        CurrencyInfo(code: code, kind: CurrencyKind(rawValue: kind) ?? .virtual, minorUnits: minorUnits, name: name, game: game)
    }
}

struct CreateCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Currency.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("code", .string, .required)
            .field("kind", .string, .required)
            .field("minor_units", .int, .required)
            .field("name", .string, .required)
            .field("game", .string)
            .field("created_at", .datetime)
            .unique(on: "app_id", "code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Currency.schema).delete()
    }
}
