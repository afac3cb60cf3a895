import Foundation
import PlayhouseAPI

/// The wallet's history as an `AsyncSequence`, newest first; pages are fetched as you iterate.
/// Iteration throws ``PlayhouseError``.
public struct TransactionHistory: AsyncSequence, Sendable {
    public typealias Element = WalletTransaction

    let wallet: WalletAPI
    let currency: String?
    let kind: TransactionKind?
    let economy: Economy?
    let pageSize: Int

    public struct AsyncIterator: AsyncIteratorProtocol {
        let history: TransactionHistory
        var buffer: [WalletTransaction] = []
        var cursor: String?
        var finished = false

        public mutating func next() async throws -> WalletTransaction? {
            while buffer.isEmpty {
                guard !finished else { return nil }
                let page = try await history.wallet.transactionsPage(currency: history.currency, kind: history.kind, economy: history.economy,
                                                                     limit: history.pageSize, cursor: cursor)
                buffer = page.data
                cursor = page.nextCursor
                finished = page.nextCursor == nil
            }
            return buffer.removeFirst()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(history: self) }
}
