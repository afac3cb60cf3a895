import Foundation
import NIOConcurrencyHelpers

/// Documents this instance has rendered (in a locale, as JSON with their `ETag`), by version,
/// collection, id and the locale asked for, and the ids a version does not have. A version never
/// changes, so an entry is never stale; a read of a document read before (or a `304` for it) costs
/// no database round trip and no JSON work. Past ``capacity`` bytes (of answers, plus a little for
/// each entry), the least recently read or kept entries are forgotten until half of it is left; an
/// answer larger than a sixteenth of it is not kept.
final class GameDataAnswers: Sendable {
    struct Key: Hashable, Sendable {
        var version: UUID
        var collection: String
        var id: String
        var locale: GameDataLocale

        /// What an entry costs beside its answer.
        fileprivate var bytes: Int { 64 + collection.utf8.count + id.utf8.count }
    }

    private struct State {
        var answers: [Key: (answer: RenderedAnswer?, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 64 << 20) {
        self.capacity = capacity
    }

    /// The answer for `key` when this instance has it: `.some(nil)` for a document the version does not have.
    func known(_ key: Key) -> RenderedAnswer?? {
        state.withLockedValue { state in
            guard state.answers[key] != nil else { return nil }
            state.clock += 1
            state.answers[key]?.used = state.clock
            return .some(state.answers[key]?.answer ?? nil)
        }
    }

    /// Keeps `answer` (nil: the version has no such document) for `key`.
    func remember(_ key: Key, _ answer: RenderedAnswer?) {
        let cost = Self.cost(key, answer)
        guard cost <= capacity / 16 else { return }
        state.withLockedValue { state in
            if let old = state.answers[key] { state.bytes -= Self.cost(key, old.answer) }
            state.clock += 1
            state.bytes += cost
            state.answers[key] = (answer, state.clock)
            guard state.bytes > capacity else { return }
            // Every entry has its own `used`, so the oldest go first, whatever they are.
            for (old, entry) in state.answers.sorted(by: { $0.value.used < $1.value.used }) {
                guard state.bytes > capacity / 2 else { break }
                state.answers[old] = nil
                state.bytes -= Self.cost(old, entry.answer)
            }
        }
    }

    /// How many bytes this instance keeps now.
    var bytes: Int { state.withLockedValue { $0.bytes } }

    private static func cost(_ key: Key, _ answer: RenderedAnswer?) -> Int { key.bytes + (answer?.body.count ?? 0) }
}
