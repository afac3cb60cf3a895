import Foundation
@testable import PlayhouseServer
import Testing

/// A page's cursor is its position's eight bytes in base64url without padding, as it was when
/// Foundation wrote it, so that a cursor given out before still reads; any other text is refused.
@Suite struct PageCursorTests {
    /// What Foundation writes for `position`: the reference the cursor keeps to.
    static func foundationCursor(_ position: Int64) -> String {
        withUnsafeBytes(of: position.bigEndian) { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test func cursorsAreFoundationsBase64URLAndReadBack() {
        var random = SeededGenerator(seed: 39)
        let edges: [Int64] = [0, 1, 2, 3, 4, 15, 16, 63, 64, 255, 1 << 32, Int64(9) << 32, 1_000_000, Int64.max, Int64.max - 1]
        // Positions of every size: a random one, shifted right by 1 to 63 bits (never negative).
        for position in edges + (0..<2_000).map({ _ in Int64(bitPattern: random.next() >> (1 + random.next() % 63)) }) {
            let cursor = PageRequest.cursor(position)
            #expect(cursor == Self.foundationCursor(position), "\(position)")
            #expect(PageRequest.position(cursor) == position, "\(position)")
        }
    }

    @Test func textNoPageGaveOutIsRefused() {
        let good = PageRequest.cursor(1_000_000)
        for bad in ["", String(good.dropLast()), good + "A", PageRequest.cursor(0).dropLast() + "B",  // the last digit's two low bits set
                    "AAAAAAAAAA=", "AAAAAAAAAA+", "AAAAAAAAAA/", "AAAAAAAAAAé", "gAAAAAAAAAA"] {  // a negative position
            #expect(PageRequest.position(String(bad)) == nil, "\(bad)")
        }
        #expect(PageRequest.position(PageRequest.cursor(0).dropLast() + "E") == 1)
    }

    /// The OpenAPI document's pattern for a cursor is exactly the text a page gives out: a client
    /// (or schemathesis) that keeps to it never sends a cursor the server refuses.
    @Test func theDocumentsCursorPatternIsTheCursorsThePagesGiveOut() throws {
        let root = try String(contentsOf: ServerPackage.directory.appendingPathComponent("Sources/PlayhouseServer/App/openapi.yaml"), encoding: .utf8)
        let pattern = try #require(FeatureBoundaryTests.captures(#"Cursor:[\s\S]*?pattern: '([^']+)'"#, in: root).first)
        let expression = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool { expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        var random = SeededGenerator(seed: 40)
        for position in [0, 1, Int64.max] + (0..<2_000).map({ _ in Int64(bitPattern: random.next() >> 1) }) {
            #expect(matches(PageRequest.cursor(position)), "\(position)")
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in 0..<5_000 {
            let text = String((0..<11).map { _ in alphabet[Int(random.next() % 64)] })
            #expect(matches(text) == (PageRequest.position(text) != nil), "\(text)")
        }
    }
}
