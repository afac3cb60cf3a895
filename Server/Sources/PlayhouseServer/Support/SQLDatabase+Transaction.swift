import SQLKit

extension SQLDatabase {
    /// Runs `body` in one transaction on this database, which must be a single connection:
    /// `begin`, then `COMMIT` when `body` returns or `ROLLBACK` when it throws.
    func runTransaction<T>(begin: String = "BEGIN", _ body: (any SQLDatabase) async throws -> T) async throws -> T {
        try await raw(SQLQueryString(begin)).run()
        do {
            let value = try await body(self)
            try await raw("COMMIT").run()
            return value
        } catch {
            try? await raw("ROLLBACK").run()
            throw error
        }
    }
}
