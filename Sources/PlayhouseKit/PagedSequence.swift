import PlayhouseAPI

/// A list the server hands out page by page (the wallet's history, the player's bets, a game data
/// collection), as an `AsyncSequence`: each page fetched as the loop reaches it, `pageSize` items
/// at a time (25 unless asked). Iteration throws ``PlayhouseError``. Every such list is read two
/// ways: `xs(…, pageSize:)` gives this sequence, and `xsPage(…, limit:cursor:)` fetches one page
/// (a `Page`, whose `nextCursor` asks for the next), for an app that pages itself.
public struct PagedSequence<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Failure = PlayhouseError

    let pageSize: Int
    let fetch: @Sendable (_ limit: Int, _ cursor: String?) async throws(PlayhouseError) -> Page<Element>

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = PlayhouseError
        let pages: PagedSequence
        var buffer: [Element] = []
        var cursor: String?
        var finished = false

        public mutating func next() async throws(PlayhouseError) -> Element? {
            while buffer.isEmpty {
                guard !finished else { return nil }
                let page = try await pages.fetch(pages.pageSize, cursor)
                buffer = page.data
                cursor = page.nextCursor
                finished = page.nextCursor == nil
            }
            return buffer.removeFirst()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pages: self) }
}
