import Crypto
import Fluent
import Foundation
import SQLKit
import Vapor

/// Content-addressed blobs in the database (content images, catalog pages, game-data media): a
/// blob's name is the SHA-256 of its bytes, so every instance serves every asset, an upload of
/// the same bytes is the same asset, and an asset's URL never has to change or expire.
struct Assets: Sendable {
    let store: Store
    let now: Date

    /// The types an asset may have, by the magic bytes that start it (nil: any byte). A WebP file
    /// is a RIFF file (`RIFF`, its size, then `WEBP`); other RIFF files (WAV, AVI) are not images.
    static let imageTypes: [(type: String, magic: [UInt8?])] = [
        ("image/png", [0x89, 0x50, 0x4E, 0x47]), ("image/jpeg", [0xFF, 0xD8, 0xFF]), ("image/gif", [0x47, 0x49, 0x46, 0x38]),
        ("image/webp", [0x52, 0x49, 0x46, 0x46, nil, nil, nil, nil, 0x57, 0x45, 0x42, 0x50]),
    ]
    /// The largest asset stored.
    static let maxBytes = 10 * 1024 * 1024

    /// What bytes are, by their first bytes; nil when not an image kept here (an SVG could run scripts).
    static func imageType(of bytes: Data) -> String? {
        imageTypes.first { bytes.starts(with: $0.magic) { byte, magic in magic.map { $0 == byte } ?? true } }?.type
    }

    /// The asset's name: its SHA-256, hex.
    static func name(of bytes: Data) -> String {
        SecretToken.hex(SHA256.hash(data: bytes))
    }

    /// Stores `bytes` (once, whoever stores them again) and answers its name.
    @discardableResult
    func put(_ bytes: Data, contentType: String) async throws -> String {
        let name = Self.name(of: bytes), now = self.now
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO assets (sha256, content_type, bytes, created_at)
                VALUES (\(bind: name), \(bind: contentType), \(bind: bytes), \(bind: now))
                ON CONFLICT (sha256) DO NOTHING
                """).run()
        }
        return name
    }

    /// The asset named `name`, with its type; nil when there is none.
    func get(_ name: String) async throws -> (bytes: Data, contentType: String)? {
        guard name.utf8.count == 64, name.allSatisfy(\.isHexDigit) else { return nil }
        return try await store.read { sql in
            try await sql.raw("SELECT content_type, bytes FROM assets WHERE sha256 = \(bind: name)").first()
        }.map { (try $0.decode(column: "bytes", as: Data.self), try $0.decode(column: "content_type", as: String.self)) }
    }

    /// The path the asset `name` is served at (``AssetsController``).
    static func path(_ name: String) -> String { "/assets/" + name }
}

/// `GET /assets/{sha256}`: an asset, with its name as its `ETag` and a year's `Cache-Control`
/// (its bytes never change); `If-None-Match` gets `304`.
struct AssetsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("assets", ":sha256", use: show)
    }

    func show(_ request: Request) async throws -> Response {
        let name = try request.parameters.require("sha256")
        let etag = "\"\(name)\""
        if request.alreadyHas(etag: etag) {
            return Response(status: .notModified, headers: ["ETag": etag, "Cache-Control": "public, max-age=31536000, immutable"])
        }
        guard let (bytes, type) = try await request.assets.get(name) else {
            throw PlayhouseProblem(.notFound, .notFound)
        }
        return Response(status: .ok, headers: ["Content-Type": type, "ETag": etag, "Cache-Control": "public, max-age=31536000, immutable",
                                               "X-Content-Type-Options": "nosniff"],
                        body: .init(data: bytes))
    }
}
