import Foundation
import SQLKit

/// Reads the texts the log provider "sent", newest first: for tests and `playhouse sms outbox`.
public struct SMSOutbox: Sendable {
    /// One text message.
    public struct Message: Sendable, Equatable {
        public var phoneNumber: String
        public var text: String
        public var sentAt: Date
    }

    let store: Store

    /// The latest `limit` texts, to `phoneNumber` only when given.
    public func messages(to phoneNumber: String? = nil, limit: Int = 20) async throws -> [Message] {
        let rows = try await store.read { sql in
            var query: SQLQueryString = "SELECT phone_number, text, created_at FROM sms_outbox"
            if let phoneNumber { query = query + " WHERE phone_number = \(bind: PhonePinService.normalised(phoneNumber) ?? phoneNumber)" }
            return try await sql.raw(query + " ORDER BY created_at DESC LIMIT \(unsafeRaw: String(max(1, limit)))").all()
        }
        return try rows.map { row in
            Message(phoneNumber: try row.decode(column: "phone_number", as: String.self), text: try row.decode(column: "text", as: String.self),
                    sentAt: try row.decode(column: "created_at", as: Date.self))
        }
    }
}
