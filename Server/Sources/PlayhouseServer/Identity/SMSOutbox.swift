import Fluent
import Foundation

/// Reads the texts the log provider "sent", newest first: for tests and `playhouse sms outbox`.
public struct SMSOutbox: Sendable {
    /// One text message.
    public struct Message: Sendable, Equatable {
        public var phoneNumber: String
        public var text: String
        public var sentAt: Date
    }

    let database: any Database

    /// The latest `limit` texts, to `phoneNumber` only when given.
    public func messages(to phoneNumber: String? = nil, limit: Int = 20) async throws -> [Message] {
        var query = SMSOutboxMessage.query(on: database).sort(\.$createdAt, .descending).limit(limit)
        if let phoneNumber { query = query.filter(\.$phoneNumber == (PhonePinService.normalised(phoneNumber) ?? phoneNumber)) }
        return try await query.all().map { Message(phoneNumber: $0.phoneNumber, text: $0.text, sentAt: $0.createdAt) }
    }
}
