import NIOConcurrencyHelpers

/// Documents this instance has rendered (in a locale, as JSON with their `ETag`), by what makes
/// the answer: the document's digest, the locale asked for and the version's default locale. The
/// same three always render the same bytes, whatever the version, so an entry is never stale; a
/// read of an unchanged document (or a `304` for it) costs no JSON work. Past ``capacity`` bytes
/// of answers, the less recently read half is forgotten; an answer larger than a sixteenth of it
/// is not kept.
final class GameDataAnswers: Sendable {
    private struct State {
        var answers: [String: (answer: RenderedAnswer, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 64 << 20) {
        self.capacity = capacity
    }

    /// The answer for the document with `digest` in `locale` (`fallback` being its version's
    /// default locale); `render` makes it when this instance has not.
    func answer(digest: String, locale: GameDataLocale, fallback: String, render: () throws -> RenderedAnswer) rethrows -> RenderedAnswer {
        let key: String
        switch locale {
        case .multi: key = digest
        case .one(let wanted): key = digest + " " + wanted + " " + fallback
        }
        if let known = state.withLockedValue({ state -> RenderedAnswer? in
            state.clock += 1
            state.answers[key]?.used = state.clock
            return state.answers[key]?.answer
        }) { return known }
        let answer = try render()
        guard answer.body.count <= capacity / 16 else { return answer }
        state.withLockedValue { state in
            state.bytes += answer.body.count - (state.answers[key]?.answer.body.count ?? 0)
            state.answers[key] = (answer, state.clock)
            if state.bytes > capacity {
                let cut = state.answers.values.map(\.used).sorted()[state.answers.count / 2]
                state.answers = state.answers.filter { $0.value.used >= cut }
                state.bytes = state.answers.values.reduce(0) { $0 + $1.answer.body.count }
            }
        }
        return answer
    }
}
