import Foundation
import NIOConcurrencyHelpers

extension Array where Element: Sendable {
    /// `transform` of each element, in order, run on every core (a few shares of the elements
    /// each): for CPU work over many independent elements, such as the files of an import.
    /// It blocks its thread until all are done.
    public func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let shares = Swift.min(count, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let results = NIOLockedValueBox([[Result]](repeating: [], count: shares))
        DispatchQueue.concurrentPerform(iterations: shares) { share in
            let done = self[count * share / shares..<count * (share + 1) / shares].map(transform)
            results.withLockedValue { $0[share] = done }
        }
        return Array<Result>(results.withLockedValue { $0 }.joined())
    }
}
