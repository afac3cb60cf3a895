/// One page of a cursor-paginated list: pass `next_cursor` as `cursor` to get the next page;
/// it is absent on the last page. Read as the app's own `Decodable` type, too (game data's
/// repositories).
public struct Page<Element: Sendable>: Sendable {
    public var data: [Element]
    public var nextCursor: String?

    public init(data: [Element], nextCursor: String?) {
        self.data = data
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case data
        case nextCursor = "next_cursor"
    }
}

extension Page: Decodable where Element: Decodable {}
extension Page: Encodable where Element: Encodable {}
extension Page: Equatable where Element: Equatable {}
