import Foundation
import PlayhouseAPI

/// A list's `?limit=&cursor=`: the one way every list pages. Read it with
/// `try request.query(PageRequest.self)`; answer with ``page(_:next:)``, which makes the
/// ``PlayhouseAPI/Page`` envelope (`{"data": […], "next_cursor": …}`) every list answers with.
///
/// 1 to 100 items a page (25 when left out). The cursor is opaque to the caller: the previous
/// page's `next_cursor`, sent back as it is; none (or empty) is the first page. Inside, it is a
/// position in the list, and what a position means is the list's own: the last ledger entry shown,
/// a bet's number, a time, how far into an ordered answer. A list reads ``readLimit`` rows (one more
/// than a page) to know whether another page follows.
struct PageRequest: Sendable, Decodable {
    var limit: Int
    /// Where the page starts, from the cursor; nil on the first page.
    var position: Int64?

    init(limit: Int? = nil, cursor: String? = nil) throws {
        self.limit = limit ?? 25
        guard (1...100).contains(self.limit) else { throw Self.refused("limit", "out_of_range") }
        if let cursor, !cursor.isEmpty {
            guard let position = Self.position(cursor) else { throw Self.refused("cursor", "invalid_value") }
            self.position = position
        }
    }

    private enum CodingKeys: String, CodingKey { case limit, cursor }

    /// 400 naming the field, with the paging's own words (`invalid_limit`, `invalid_cursor`).
    static func refused(_ field: String, _ code: String) -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidRequest, message: "invalid_" + field, fields: [.init(name: field, code: code)])
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(limit: try container.decodeIfPresent(Int.self, forKey: .limit),
                      cursor: try container.decodeIfPresent(String.self, forKey: .cursor))
    }

    /// How many rows to read: a page and one more, which tells whether another page follows.
    var readLimit: Int { limit + 1 }

    /// The page of `items` (at most ``limit``), with the cursor of `next` when another page follows.
    func page<Item: Codable & Sendable>(_ items: some Collection<Item>, next: Int64?) -> Page<Item> {
        Page(data: Array(items.prefix(limit)), nextCursor: next.map(Self.cursor))
    }

    /// Where the page starts in a list that pages by how far into it a page starts: a list read
    /// whole (``page(ofAll:)``), or one read `LIMIT readLimit OFFSET offset`
    /// (``page(readFromOffset:)``). When the list's order only ever gains items (a game's data
    /// versions), a page may repeat an item added before it meanwhile but never misses one; a
    /// list that can lose items (an app's operators) may miss one, which a short list's reader
    /// sees on reading it again.
    var offset: Int64 { position ?? 0 }

    /// The page of `read`, the rows read from ``offset`` (``readLimit`` of them at most).
    func page<Item: Codable & Sendable>(readFromOffset read: [Item]) -> Page<Item> {
        page(read, next: read.count > limit ? offset + Int64(limit) : nil)
    }

    /// The page of `all`, a list read whole because it is short by nature (an app's currencies, its
    /// operators, a statistic's days): the position is how far into `all` the page starts, and a
    /// position past its end is an empty last page.
    func page<Item: Codable & Sendable>(ofAll all: [Item]) -> Page<Item> {
        let start = Int(min(offset, Int64(all.count)))
        return page(readFromOffset: Array(all[start..<min(start + readLimit, all.count)]))
    }

    /// The position of a list ordered by time, newest first, after the item of `time`: a
    /// microsecond before it, since 1970, so that the next page (`< ` the position's time) starts
    /// after it. (A time read back from SQLite is rounded to the microsecond, maybe up: the item's
    /// own time itself could be less than it.)
    static func microseconds(_ time: Date) -> Int64 {
        Int64((time.timeIntervalSince1970 * 1_000_000).rounded()) - 1
    }

    /// The opaque text of a position: its eight bytes, big-endian, base64url without padding
    /// (``Foundation/Data/base64URLEncodedString()``, which writes it byte by byte).
    static func cursor(_ position: Int64) -> String {
        withUnsafeBytes(of: position.bigEndian) { Data($0) }.base64URLEncodedString()
    }

    /// The position a cursor stands for; nil for text no page gave out.
    static func position(_ cursor: String) -> Int64? {
        guard cursor.utf8.count == 11, let bytes = Data(base64URLEncoded: cursor), bytes.count == 8 else { return nil }
        let position = bytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
        return position >= 0 && cursor == Self.cursor(position) ? position : nil
    }
}
