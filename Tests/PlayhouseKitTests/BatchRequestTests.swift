import Foundation
import Testing
@testable import PlayhouseKit

@Suite struct BatchRequestTests {
    @Test func buildersWriteTheWireShapeWithIdempotencyKeysForMoney() throws {
        var batch = Fixtures.client(MockTransport { _, _ in Fixtures.json(200, "{}") }).batch()
        try batch.bet(name: "spin", game: "lucky sevens", wager: Decimal(string: "0.10")!, currency: "EUR", paylines: [[1, 1, 1]])
        try batch.unbackedBet(name: "practice", game: "wheel", wager: 1, dependsOn: ["spin"])
        try batch.add(name: "one", method: "GET", path: "/v1/bets/" + BatchRequest.reference("spin", "body", "id"), dependsOn: ["spin"])
        #expect(batch.requests[0].path == "/v1/games/lucky%20sevens/bet")
        #expect(batch.requests[0].body == .object(["currency": .string("EUR"), "wager": .string("0.1"),
                                                   "paylines": .array([.array([.integer(1), .integer(1), .integer(1)])])]))
        #expect(batch.requests[0].idempotencyKey != nil && batch.requests[1].idempotencyKey == nil)
        #expect(batch.requests[2].path == "/v1/bets/${spin.body.id}")
        #expect(throws: PlayhouseError.self) { try batch.wallet(name: "spin") }
    }

    @Test func aBatchHoldsAtMostFiftyCalls() throws {
        var batch = Fixtures.client(MockTransport { _, _ in Fixtures.json(200, "{}") }).batch()
        for index in 0..<BatchRequest.limit { try batch.wallet(name: "w\(index)") }
        #expect { try batch.wallet(name: "one-more") } throws: { ($0 as? PlayhouseError)?.code == .invalidBatch }
    }
}
