import Foundation
import PlayhouseAPI
import SQLKit

extension Operator {
    /// Its columns, of `operators o`.
    static let columns: SQLQueryString = """
        o.id, o.email, o.role, o.password_hash IS NOT NULL AS active, o.totp_secret IS NOT NULL AS second_factor, o.disabled_at, o.created_at
        """

    init(row: any SQLRow) throws {
        self.init(id: try row.decode(column: "id", as: UUID.self), email: try row.decode(column: "email", as: String.self),
                  role: OperatorRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .analyst,
                  active: try row.decode(column: "active", as: Bool.self), secondFactor: try row.decode(column: "second_factor", as: Bool.self),
                  disabledAt: try row.decode(column: "disabled_at", as: Date?.self), createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
