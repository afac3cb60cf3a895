#if canImport(Security)
import Foundation
import Security

/// Keeps tokens in the Keychain (a generic password item per client id), available after the first
/// unlock and never synced to other devices.
public struct KeychainTokenStore: TokenStore {
    public let service: String
    public let account: String

    public init(clientID: String) {
        service = "dev.playhouse.tokens"
        account = clientID
    }

    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    public func load() throws -> StoredPlayerTokens? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &item) == errSecSuccess, let data = item as? Data else { return nil }
        return try? JSONDecoder().decode(StoredPlayerTokens.self, from: data)
    }

    public func save(_ tokens: StoredPlayerTokens) throws {
        let data = try JSONEncoder().encode(tokens)
        SecItemDelete(query as CFDictionary)
        var item = query
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else {
            throw PlayhouseError(code: .notConfigured, message: "The Keychain refused the tokens (status \(status)).")
        }
    }

    public func clear() throws {
        SecItemDelete(query as CFDictionary)
    }
}
#endif
