import Foundation

/// A signed-in player's tokens as the SDK keeps them between launches.
public struct StoredPlayerTokens: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String?
    public var expiresAt: Date
    public var scope: String
    public var sessionID: String?
    /// The player the tokens belong to.
    public var playerID: String
    /// Which installation of the app stored them: tokens from an earlier installation (restored
    /// from a backup or left in the Keychain after a reinstall) are not reused.
    public var installationID: String
    /// Whether the player was a guest when last heard of (``SignedInPlayer/isGuest`` after a relaunch).
    public var isGuest: Bool

    public init(accessToken: String, refreshToken: String?, expiresAt: Date, scope: String, sessionID: String?,
                playerID: String, installationID: String, isGuest: Bool = false) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.sessionID = sessionID
        self.playerID = playerID
        self.installationID = installationID
        self.isGuest = isGuest
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        expiresAt = try container.decode(Date.self, forKey: .expiresAt)
        scope = try container.decode(String.self, forKey: .scope)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
        playerID = try container.decode(String.self, forKey: .playerID)
        installationID = try container.decode(String.self, forKey: .installationID)
        // Stored before it was kept: not known to be a guest.
        isGuest = try container.decodeIfPresent(Bool.self, forKey: .isGuest) ?? false
    }

    enum CodingKeys: String, CodingKey {
        case accessToken, refreshToken, expiresAt, scope, sessionID, playerID, installationID, isGuest
    }
}

/// Where the signed-in player's tokens are kept: the Keychain on Apple platforms
/// (`KeychainTokenStore`), a file readable only by its owner elsewhere (``FileTokenStore``).
public protocol TokenStore: Sendable {
    func load() async throws -> StoredPlayerTokens?
    func save(_ tokens: StoredPlayerTokens) async throws
    func clear() async throws
}

/// Keeps tokens in memory only: nothing survives the process.
public actor MemoryTokenStore: TokenStore {
    private var tokens: StoredPlayerTokens?
    public init() {}
    public func load() -> StoredPlayerTokens? { tokens }
    public func save(_ tokens: StoredPlayerTokens) { self.tokens = tokens }
    public func clear() { tokens = nil }
}

/// Keeps tokens in a JSON file with permissions 0600 (owner read/write only).
public struct FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// `playhouse-<client id>.json` in the user's Application Support folder.
    public static func standard(clientID: String) -> FileTokenStore {
        FileTokenStore(url: LocalStore.url(clientID: clientID, extension: "json"))
    }

    public func load() throws -> StoredPlayerTokens? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(StoredPlayerTokens.self, from: data)
    }

    public func save(_ tokens: StoredPlayerTokens) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder().encode(tokens)
        // Create the file 0600 before any secret is written to it.
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }
}
