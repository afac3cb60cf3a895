import Foundation

extension UUID {
    /// A new random (version 4) UUID: the one way the server makes them.
    ///
    /// Foundation's `UUID()` opens, reads and closes `/dev/urandom` on Linux for every id, about
    /// 4 µs; this draws the same 122 random bits with two calls of the system's secure generator,
    /// under 1 µs. A bet makes three ids and a sign-up eight.
    static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0f | 0x40
            raw[8] = raw[8] & 0x3f | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }
}
