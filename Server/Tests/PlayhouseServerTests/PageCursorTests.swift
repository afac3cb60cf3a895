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
}
