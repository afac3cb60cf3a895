import Foundation
import PlayhouseAPI
import SQLKit

/// Who made a change: an operator, or someone at the server's command line (who can open the
/// database anyway, and is named by the operating system's user).
public struct AuditActor: Sendable, Equatable {
    public var operatorID: UUID?
    public var name: String

    public init(operatorID: UUID?, name: String) {
        self.operatorID = operatorID
        self.name = name
    }

    public static func of(_ person: Operator) -> Self { Self(operatorID: person.id, name: person.email) }

    /// The command line, as the user running it.
    public static var commandLine: Self {
        Self(operatorID: nil, name: "command line (\(ProcessInfo.processInfo.environment["USER"] ?? "unknown user"))")
    }
}


/// The audit log: every change operators make, through the pages, the admin API or the command
/// line, appended in the transaction of the change itself (``entry(by:_:target:before:after:at:)``),
/// so there is no change without its entry. Nobody can edit or delete an entry: the database's own
/// triggers refuse it (``CreateConsole``).
public struct AuditLog: Sendable {
    let store: Store

    /// The statement that appends an entry: `action` (a verb phrase, "operator created") done to
    /// `target` (an ERN or a name), with the thing `before` and `after` as JSON.
    static func entry(by actor: AuditActor, _ action: String, target: String, before: (any Encodable & Sendable)? = nil,
                      after: (any Encodable & Sendable)? = nil, at now: Date) -> SQLQueryString {
        """
        INSERT INTO audit_log (at, operator_id, actor, action, target, before, after)
        VALUES (\(bind: now), \(bind: actor.operatorID), \(bind: actor.name), \(bind: action), \(bind: target),
                \(bind: before.map(Self.json)), \(bind: after.map(Self.json)))
        """
    }

    /// A page of entries, newest first.
    func entries(_ page: PageRequest) async throws -> Page<AuditEntry> {
        let entries = try await read("WHERE seq < \(bind: page.position ?? Int64.max) ORDER BY seq DESC LIMIT \(bind: page.readLimit)")
        return page.page(entries, next: entries.count > page.limit ? entries[page.limit - 1].seq : nil)
    }

    /// Every entry, oldest first: the export.
    public func all() async throws -> [AuditEntry] {
        try await read("ORDER BY seq")
    }

    private func read(_ rest: SQLQueryString) async throws -> [AuditEntry] {
        let rows = try await store.read { sql in
            try await sql.raw("SELECT seq, at, operator_id, actor, action, target, before, after FROM audit_log \(rest)").all()
        }
        let decoder = PlayhouseJSON.makeDecoder()
        func value(_ text: String?) throws -> JSONValue? { try text.map { try decoder.decode(JSONValue.self, from: Data($0.utf8)) } }
        return try rows.map { row in
            AuditEntry(seq: try row.decode(column: "seq", as: Int64.self), at: try row.decode(column: "at", as: Date.self),
                       operatorID: try row.decode(column: "operator_id", as: UUID?.self), actor: try row.decode(column: "actor", as: String.self),
                       action: try row.decode(column: "action", as: String.self), target: try row.decode(column: "target", as: String.self),
                       before: try value(try row.decode(column: "before", as: String?.self)),
                       after: try value(try row.decode(column: "after", as: String?.self)))
        }
    }

    private static func json(_ value: any Encodable & Sendable) -> String {
        String(decoding: (try? PlayhouseJSON.makeEncoder().encodeBytes(value)) ?? Array("null".utf8), as: UTF8.self)
    }
}
