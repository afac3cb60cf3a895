import Foundation
import NIOConcurrencyHelpers

/// Documents this instance has rendered (in a locale, as JSON with their `ETag`), by version,
/// collection, id and the locale asked for, and the ids a version does not have. A version never
/// changes, so an entry is never stale; a read of a document read before (or a `304` for it) costs
/// no database round trip and no JSON work. Past ``capacity`` bytes (of answers, plus a little for
/// each entry), the less recently read half is forgotten; an answer larger than a sixteenth of it
/// is not kept.
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
        let cost = key.bytes + (answer?.body.count ?? 0)
        guard cost <= capacity / 16 else { return }
        state.withLockedValue { state in
            if let old = state.answers[key] { state.bytes -= key.bytes + (old.answer?.body.count ?? 0) }
            state.bytes += cost
            state.answers[key] = (answer, state.clock)
            if state.bytes > capacity {
                let cut = state.answers.values.map(\.used).sorted()[state.answers.count / 2]
                state.answers = state.answers.filter { $0.value.used >= cut }
                state.bytes = state.answers.reduce(0) { $0 + $1.key.bytes + ($1.value.answer?.body.count ?? 0) }
            }
        }
    }
}
