import PlayhouseAPI

/// A list the server hands out page by page (the wallet's history, the player's bets), as an
/// `AsyncSequence`: newest first, each page fetched as the loop reaches it. Iteration throws
/// ``PlayhouseError``; each namespace's `…Page` call fetches one page instead.
public struct PagedSequence<Element: Codable & Sendable>: AsyncSequence, Sendable {
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

/// The wallet's history (``WalletAPI/transactions(currency:kind:economy:pageSize:)``).
public typealias TransactionHistory = PagedSequence<WalletTransaction>
/// The player's bets (``GamesAPI/bets(game:pageSize:)``).
public typealias BetHistory = PagedSequence<Bet>
