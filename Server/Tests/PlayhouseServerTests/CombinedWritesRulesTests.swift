import Foundation
import NIOConcurrencyHelpers
@testable import PlayhouseServer
import Testing

/// ``CombinedWrites``' own rules, with a statement that records the writes it is given and waits
/// until the test lets it go: at most `lanes` statements at once, at most `most` writes in one,
/// one write per owner, none of an owner whose write is in the database, and a failure that may
/// come after the commit answered to every write, none written again.
@Suite struct CombinedWritesRulesTests {
    struct Write: CombinableWrite {
        typealias Outcome = Int
        var owner: UUID
        var number: Int
    }

    struct Refused: Error {}

    /// The statements as they arrive: each one's writes, held until released.
    final class Statements: Sendable {
        private let state = NIOLockedValueBox<(batches: [[Int]], held: [CheckedContinuation<Void, Never>?])>(([], []))

        func run(_ writes: [Write]) async {
            await withCheckedContinuation { held in
                state.withLockedValue { $0.batches.append(writes.map(\.number)); $0.held.append(held) }
            }
        }

        var batches: [[Int]] { state.withLockedValue { $0.batches } }

        func release(_ index: Int) {
            state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                defer { state.held[index] = nil }
                return state.held[index]
            }?.resume()
        }

        func wait(for count: Int) async throws {
            while batches.count < count { try await Task.sleep(for: .milliseconds(1)) }
        }
    }

    @Test func writesGoTogetherOnePerOwnerAndNoneWhileTheirOwnersAreInTheDatabase() async throws {
        try await withPlayhouse(.sqlite) { app in
            let statements = Statements()
            let combined = CombinedWrites<Write>("rules", lanes: 2, most: 4, metrics: ServerMetrics(engine: "test", poolSize: 1)) { writes, _ in
                await statements.run(writes)
                return writes.map(\.number)
            }
            let (a, b, c, d) = (UUID(), UUID(), UUID(), UUID())
            func send(_ owner: UUID, _ number: Int) -> Task<Int, any Error> {
                Task { try await combined.write(Write(owner: owner, number: number), on: app.store) }
            }
            // Two lanes: the first two go at once, each alone.
            let first = send(a, 1)
            try await statements.wait(for: 1)
            let second = send(b, 2)
            try await statements.wait(for: 2)
            // The rest wait: a's two, c's and d's.
            var rest: [Task<Int, any Error>] = []
            for (owner, number) in [(a, 3), (a, 4), (c, 5), (d, 6)] {
                rest.append(send(owner, number))
                while combined.waiting < rest.count { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(statements.batches == [[1], [2]])

            // a's first done: its lane takes a's next, c's and d's; a's last waits, as its owner is in it.
            statements.release(0)
            try await statements.wait(for: 3)
            #expect(statements.batches[2] == [3, 5, 6])
            #expect(combined.waiting == 1)
            // b's done: nothing can go while a's write is in the database.
            statements.release(1)
            #expect(try await second.value == 2)
            #expect(statements.batches.count == 3 && combined.waiting == 1)
            // a's write done: a's last goes.
            statements.release(2)
            try await statements.wait(for: 4)
            #expect(statements.batches[3] == [4])
            statements.release(3)

            #expect(try await first.value == 1)
            var answers: [Int] = []
            for task in rest { answers.append(try await task.value) }
            #expect(answers == [3, 4, 5, 6])
        }
    }

    @Test func aFailureThatMayComeAfterTheCommitIsEveryWritesAnswerAndNothingIsWrittenAgain() async throws {
        try await withPlayhouse(.sqlite) { app in
            let statements = Statements()
            let combined = CombinedWrites<Write>("rules", lanes: 1, most: 4, metrics: ServerMetrics(engine: "test", poolSize: 1)) { writes, _ in
                await statements.run(writes)
                guard writes.count == 1 else { throw Refused() }
                return writes.map(\.number)
            }
            func send(_ number: Int) -> Task<Int, any Error> {
                Task { try await combined.write(Write(owner: UUID(), number: number), on: app.store) }
            }
            let first = send(1)
            try await statements.wait(for: 1)
            var together: [Task<Int, any Error>] = []
            for number in [2, 3] {
                together.append(send(number))
                while combined.waiting < together.count { try await Task.sleep(for: .milliseconds(1)) }
            }
            statements.release(0)
            try await statements.wait(for: 2)
            statements.release(1)

            #expect(try await first.value == 1)
            for task in together { await #expect(throws: Refused.self) { try await task.value } }
            // Not written again one by one: the error did not say the database wrote nothing.
            #expect(statements.batches == [[1], [2, 3]])
        }
    }
}
