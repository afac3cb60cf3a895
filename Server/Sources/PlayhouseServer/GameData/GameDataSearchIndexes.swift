import Foundation
import NIOConcurrencyHelpers

/// The search indexes this instance has built (``GameDataSearchIndex``), one per version and
/// collection, the least recently searched dropped first when they hold more than ``capacity``
/// documents in all. A version never changes, so an index is never stale: a search asks which
/// version is current, then uses that version's index, built from the database by the first
/// search of it (the searches that come meanwhile wait for the same build).
final class GameDataSearchIndexes: Sendable {
    private struct Key: Hashable {
        var version: UUID
        var collection: String
    }

    private struct Entry {
        var build: Task<GameDataSearchIndex, any Error>
        /// Its documents, once built.
        var documents = 0
        var used: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var documents = 0
        var clock: UInt64 = 0
    }

    /// The documents the indexes may hold in all; the one being searched is kept whatever its size.
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 500_000) {
        self.capacity = capacity
    }

    /// The index of `collection` in `version`; `build` makes it when there is none.
    func index(version: UUID, collection: String,
               build: @escaping @Sendable () async throws -> GameDataSearchIndex) async throws -> GameDataSearchIndex {
        let key = Key(version: version, collection: collection)
        let task = state.withLockedValue { state in
            state.clock += 1
            if state.entries[key] != nil {
                state.entries[key]!.used = state.clock
                return state.entries[key]!.build
            }
            // On Swift's shared threads, whatever thread the search runs on: a build of 100,000
            // documents takes a second. (A PostgreSQL server's shared threads are its event loops,
            // `runTasksOnEventLoops`, so there it holds up one loop's connections meanwhile.)
            let task = Task(executorPreference: globalConcurrentExecutor) { try await build() }
            state.entries[key] = Entry(build: task, used: state.clock)
            return task
        }
        let index: GameDataSearchIndex
        do {
            index = try await task.value
        } catch {
            state.withLockedValue { state in
                if state.entries[key]?.build == task { state.entries[key] = nil }
            }
            throw error
        }
        state.withLockedValue { state in
            guard state.entries[key]?.build == task, state.entries[key]!.documents == 0 else { return }
            // A collection with no documents (any name a caller makes up) is not kept.
            guard !index.ids.isEmpty else {
                state.entries[key] = nil
                return
            }
            state.entries[key]!.documents = index.ids.count
            state.documents += index.ids.count
            while state.documents > capacity,
                  let oldest = state.entries.filter({ $0.key != key && $0.value.documents > 0 }).min(by: { $0.value.used < $1.value.used }) {
                state.documents -= oldest.value.documents
                state.entries[oldest.key] = nil
            }
        }
        return index
    }
}
