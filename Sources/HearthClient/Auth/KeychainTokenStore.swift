#if canImport(Security)
import Foundation
import HearthCore
import Security

/// Keeps credentials in the Keychain as one generic password item, readable only while
/// the device is unlocked and never synced to other devices. The token store of Apple apps.
public struct KeychainTokenStore: TokenStore {
    public let service: String
    public let account: String

    public init(service: String, account: String = "credentials") {
        self.service = service
        self.account = account
    }

    var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    public func load() throws -> Credentials? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(lookup as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw TokenStoreError.keychain(status: status) }
        return try JSONValueDecoder().decode(Credentials.self, from: Array(data))
    }

    public func save(_ credentials: Credentials) throws {
        let data = Data(try JSONValueEncoder().encodeToBytes(credentials))
        let update: [String: Any] = [kSecValueData as String: data]
        var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw TokenStoreError.keychain(status: status) }
    }

    public func clear() throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw TokenStoreError.keychain(status: status) }
    }
}
#endif
