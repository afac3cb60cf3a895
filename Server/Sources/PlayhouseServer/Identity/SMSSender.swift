import Foundation
import Vapor

/// Sends text messages. Which provider is used is the server's configuration (`smsProvider`).
protocol SMSSender: Sendable {
    func send(to phoneNumber: String, text: String) async throws
}

/// How the server sends texts.
public enum SMSProvider: Sendable, Equatable {
    /// Writes each text to the server log and to the outbox (`playhouse sms outbox`); nothing leaves
    /// the machine. The default, for development and tests.
    case log
    /// POSTs `{"to": "+4512345678", "text": "…"}` as JSON to `url`, with `Authorization: Bearer <token>`
    /// when a token is set; any 2xx answer counts as sent (`PLAYHOUSE_SMS_HTTP_URL`, `PLAYHOUSE_SMS_HTTP_TOKEN`).
    case http(url: String, token: String?)
}

/// The default provider: the log and the outbox table.
struct LogSMSSender: SMSSender {
    let store: Store
    let now: Date

    func send(to phoneNumber: String, text: String) async throws {
        store.logger.notice("sms", metadata: ["to": .string(phoneNumber), "text": .string(text)])
        let now = self.now
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO sms_outbox (id, phone_number, text, created_at) VALUES (\(bind: UUID.random()), \(bind: phoneNumber), \(bind: text), \(bind: now))
                """).run()
        }
    }
}

/// A gateway speaking the small JSON API described on ``SMSProvider/http(url:token:)``.
struct HTTPSMSSender: SMSSender {
    let client: any Client
    let url: String
    let token: String?

    struct Message: Content {
        var to: String
        var text: String
    }

    func send(to phoneNumber: String, text: String) async throws {
        var headers: HTTPHeaders = [:]
        if let token { headers.bearerAuthorization = BearerAuthorization(token: token) }
        let response: ClientResponse
        do {
            response = try await client.post(URI(string: url), headers: headers, content: Message(to: phoneNumber, text: text))
        } catch {
            throw PlayhouseProblem(.badGateway, .smsFailed)
        }
        guard (200..<300).contains(response.status.code) else { throw PlayhouseProblem(.badGateway, .smsFailed) }
    }
}
