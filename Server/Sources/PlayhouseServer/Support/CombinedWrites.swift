import Foundation
import NIOConcurrencyHelpers
import Prometheus

/// A write that ``CombinedWrites`` may put in one statement with others of its kind.
protocol CombinableWrite: Sendable {
    associatedtype Outcome: Sendable
    /// Whose rows it locks and changes (a player's wallet, their key): a statement holds at most
    /// one write of each, as PostgreSQL changes a row at most once per statement.
    var owner: UUID { get }
}

/// Writes of one kind that arrive while earlier ones are in the database, written together
/// (PostgreSQL): one statement, one transaction, for as many as ``most``.
///
/// A write goes to the database at once when fewer than ``lanes`` statements of its kind are
/// there; otherwise it waits for the next one to come back, and goes with everything that has
/// arrived meanwhile. So at one request at a time nothing waits, and under load each statement
/// carries many writes and each commit many movements. The `statement` writes each of them all or
/// nothing on its own (a refused one writes nothing and answers why; the others are written) and
/// answers each one's outcome, in order. Should the database refuse the statement as a whole (a
/// deposit's lost key claim that aborts it; a deadlock still there after ``Store/write(_:)`` has
/// run the statement again), it wrote nothing, and each of its writes is written again alone, one
/// after another, so one write's failure fails none of the others. Any other failure (the connection lost, an answer that cannot be read) may come
/// after the commit: it is every write's answer, and nothing is written again, since a write without
/// a key could then be made twice.
///
/// Writes of one owner never share a statement, nor go while another of theirs of this kind is in
/// the database: a later one waits for the next statement after it. The statements lock their rows
/// in the rows' order, so statements of different kinds (or instances) wait for each other at
/// most, never deadlock over the rows they share.
final class CombinedWrites<Write: CombinableWrite>: Sendable {
    typealias Statement = @Sendable ([Write], Store) async throws -> [Write.Outcome]

    private struct Waiting {
        var write: Write
        var answer: CheckedContinuation<Write.Outcome, any Error>
    }

    private struct State {
        var writing = 0
        var waiting: [Waiting] = []
        /// The owners of the writes in the database now.
        var owners: Set<UUID> = []

        /// Takes a lane and the next statement's writes, oldest first, one per owner and none of
        /// an owner whose write is in the database, at most `most`; nil, taking nothing, when
        /// every lane is busy or nothing can go.
        mutating func next(lanes: Int, most: Int) -> [Waiting]? {
            guard writing < lanes else { return nil }
            var taken: [Waiting] = [], left: [Waiting] = []
            for waiting in self.waiting {
                if taken.count < most && owners.insert(waiting.write.owner).inserted { taken.append(waiting) } else { left.append(waiting) }
            }
            guard !taken.isEmpty else { return nil }
            self.waiting = left
            writing += 1
            return taken
        }

        /// Gives back the lane of a statement of `batch`, written.
        mutating func written(_ batch: [Waiting]) {
            writing -= 1
            for waiting in batch { owners.remove(waiting.write.owner) }
        }
    }

    /// How many statements of this kind may be in the database at once.
    let lanes: Int
    /// The most writes in one statement.
    let most: Int
    private let statement: Statement
    private let state = NIOLockedValueBox(State())
    private let writes: Counter
    private let statements: Counter

    /// `name` labels the counts in `GET /metrics` (`playhouse_combined_writes_total` and
    /// `playhouse_combined_statements_total`): writes per statement is their ratio.
    init(_ name: String, lanes: Int = 2, most: Int = 64, metrics: ServerMetrics, statement: @escaping Statement) {
        self.lanes = lanes
        self.most = most
        self.statement = statement
        writes = metrics.registry.makeCounter(descriptor: .init(namespace: "playhouse", metricName: "combined_writes", unitName: "total",
                                                                helpText: "Writes made through combined statements"),
                                              labels: [("kind", name)])
        statements = metrics.registry.makeCounter(descriptor: .init(namespace: "playhouse", metricName: "combined_statements", unitName: "total",
                                                                    helpText: "Combined statements sent"),
                                                  labels: [("kind", name)])
    }

    /// How many writes wait for a statement.
    var waiting: Int { state.withLockedValue { $0.waiting.count } }

    /// Writes `write`, with whatever arrives meanwhile, on `store`; answers its outcome.
    func write(_ write: Write, on store: Store) async throws -> Write.Outcome {
        try await withCheckedThrowingContinuation { answer in
            let batch = state.withLockedValue { state -> [Waiting]? in
                state.waiting.append(Waiting(write: write, answer: answer))
                return state.next(lanes: lanes, most: most)
            }
            if let batch { Task { await self.run(batch, on: store) } }
        }
    }

    /// Writes `batch`, then whatever has arrived meanwhile, until nothing more can go.
    private func run(_ batch: [Waiting], on store: Store) async {
        var batch = batch
        while true {
            await writeTogether(batch, on: store)
            guard let next = state.withLockedValue({ state -> [Waiting]? in
                state.written(batch)
                return state.next(lanes: lanes, most: most)
            }) else { return }
            batch = next
        }
    }

    private func writeTogether(_ batch: [Waiting], on store: Store) async {
        statements.increment()
        writes.increment(by: Int64(batch.count))
        do {
            let outcomes = try await statement(batch.map(\.write), store)
            guard outcomes.count == batch.count else { throw PlayhouseProblem(.internalServerError, .internalError) }
            for (waiting, outcome) in zip(batch, outcomes) { waiting.answer.resume(returning: outcome) }
        } catch {
            guard batch.count > 1, Store.wroteNothing(error) else {
                for waiting in batch { waiting.answer.resume(throwing: error) }
                return
            }
            for waiting in batch {
                statements.increment()
                do {
                    let outcomes = try await statement([waiting.write], store)
                    guard let outcome = outcomes.first else { throw PlayhouseProblem(.internalServerError, .internalError) }
                    waiting.answer.resume(returning: outcome)
                } catch {
                    waiting.answer.resume(throwing: error)
                }
            }
        }
    }
}
