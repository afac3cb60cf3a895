/// A list's `?limit=&cursor=`, checked: 1 to 100 items (25 when left out), and a cursor that is a
/// position the list gave out (empty is the first page).
struct PageRequest: Sendable {
    var limit: Int
    var cursor: Int64?

    init(limit: Int?, cursor: String?) throws {
        self.limit = limit ?? 25
        guard (1...100).contains(self.limit) else { throw PlayhouseProblem.invalidRequest("invalid_limit") }
        if let cursor, !cursor.isEmpty {
            guard let value = Int64(cursor), value > 0 else { throw PlayhouseProblem.invalidRequest("invalid_cursor") }
            self.cursor = value
        }
    }
}
