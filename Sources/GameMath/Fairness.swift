import Crypto
import Foundation

/// Provably fair outcomes: every draw of a bet comes from HMAC-SHA256 keyed with the server seed,
/// so a player who was shown the seed's hash before betting can check every bet once the seed is
/// revealed.
///
/// The algorithm, to follow by hand (for example in Python's `hmac` module):
///
/// 1. `key` is the server seed as text (64 hexadecimal characters), UTF-8 encoded; the hash shown
///    before betting is `SHA256(key)` in lower-case hexadecimal.
/// 2. Block 0 is `HMAC-SHA256(key, "<client seed>:<nonce>")`; block *k* (k ≥ 1), needed only when a
///    bet draws more than block 0 holds, is `HMAC-SHA256(key, "<client seed>:<nonce>:<k>")`.
/// 3. The blocks are read as consecutive 4-byte big-endian unsigned integers *x*.
/// 4. A draw below *n* takes the next *x*; if *x* ≥ 2³² − (2³² mod *n*) it is skipped (so every
///    result is equally likely) and the next one taken; the draw is *x* mod *n*.
/// 5. A slot draws one stop per reel, left to right, below each reel's length; the window shows
///    rows `stop, stop+1, …` of each reel (wrapping). A wheel draws one segment.
public struct FairOutcomeSource: OutcomeSource {
    private let key: SymmetricKey
    private let clientSeed: String
    private let nonce: UInt64
    private var round = 0
    private var block: [UInt8] = []
    private var offset = 0

    public init(serverSeed: String, clientSeed: String, nonce: UInt64) {
        self.key = SymmetricKey(data: Data(serverSeed.utf8))
        self.clientSeed = clientSeed
        self.nonce = nonce
    }

    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0 && UInt64(bound) <= UInt64(UInt32.max), "a draw's bound must be 1 to 2^32-1")
        let range = UInt64(bound)
        let limit = (UInt64(1) << 32) - ((UInt64(1) << 32) % range)
        while true {
            let x = UInt64(nextWord())
            if x < limit { return Int(x % range) }
        }
    }

    private mutating func nextWord() -> UInt32 {
        if offset + 4 > block.count {
            let message = round == 0 ? "\(clientSeed):\(nonce)" : "\(clientSeed):\(nonce):\(round)"
            block = Array(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
            round += 1
            offset = 0
        }
        defer { offset += 4 }
        return block[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Seeds for provably fair play.
public enum Fairness {
    /// A new server seed: 32 bytes from the secure generator, as 64 hexadecimal characters.
    public static func newServerSeed() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in generator.next() as UInt64 }.map { String(format: "%016llx", $0) }.joined()
    }

    /// A client seed the server picks until the player sets their own: 16 hexadecimal characters.
    public static func newClientSeed() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%016llx", generator.next() as UInt64)
    }

    /// What the player sees before betting: SHA-256 of the server seed's text, in hexadecimal.
    public static func hash(serverSeed: String) -> String {
        SHA256.hash(data: Data(serverSeed.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
