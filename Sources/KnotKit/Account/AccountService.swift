import Foundation
import HearthCore

/// The account beyond signing in (spec §5.7): the device that gets reminders, a copy of
/// everything stored, and deleting it all.
public struct AccountService: Sendable {
    let api: KnotAPI
    let auth: KnotAuth
    let saved: SavedRecommendations

    /// Where reminders go: the APNs (or FCM) token of this device.
    @discardableResult
    public func registerDevice(token: String, platform: DevicePlatform = .ios) async throws -> DeviceRegistration {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw KnotError.invalid(field: "device_token", message: "The device token is empty") }
        return try await api.json(
            DeviceRegistration.self, .post, "users/device-token", body: ["device_token": trimmed, "platform": platform.rawValue])
    }

    /// Everything the server holds about the account, as the JSON document it sends
    /// (`GET /api/v1/users/me/export`), byte for byte.
    public func export() async throws -> Data {
        try await api.send(.get, "users/me/export").body
    }

    /// Deletes the account and all its data on the server, then signs out and forgets
    /// what this device saved. The old tokens stop working at once.
    @discardableResult
    public func deleteAccount() async throws -> String {
        let answer = try await api.json(AccountDeletion.self, .delete, "users/me")
        try await auth.session.signOut()
        try await saved.removeAll()
        return answer.message
    }
}

public enum DevicePlatform: String, Codable, Sendable, CaseIterable {
    case ios, android
}

/// What registering a device answered: `registered` for the account's first device, else `updated`.
public struct DeviceRegistration: Codable, Sendable, Hashable {
    public var status: String
    public var deviceToken: String
    public var platform: DevicePlatform

    enum CodingKeys: String, CodingKey {
        case status, deviceToken = "device_token", platform
    }
}

struct AccountDeletion: Decodable, Sendable {
    var status: String
    var message: String
}
