import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// `POST /api/v1/users/device-token` (spec §5.7 with Hearth decision 8): a user may have
/// several devices, one row per token.
///
/// The answer keeps the spec's per-user meaning: `registered` when the user had no token
/// before this call, `updated` otherwise (also for the same token again). A token that
/// moves to another account (a device changing hands) leaves its former owner.
struct DeviceTokens: Sendable {
    struct Input: Sendable, Hashable {
        static let maxTokenLength = 200
        static let platforms = ["ios", "android"]
        static let maxBodyBytes = 4 * 1024

        var deviceToken: String
        var platform: String

        init(deviceToken: String, platform: String = "ios") {
            self.deviceToken = deviceToken
            self.platform = platform
        }

        init(_ body: BodyFields) throws {
            guard let token = body.value("device_token") else { throw APIError.invalidField("device_token", "Field required") }
            deviceToken = try body.nonEmpty(token.value, "device_token", maxLength: Self.maxTokenLength)
            platform = try body.optionalChoice("platform", Self.platforms) ?? "ios"
        }

        static func read(_ request: Request, context: HearthRequestContext) async throws -> Input {
            try Input(try await KnotRequestBody.object(request, context: context, limit: maxBodyBytes))
        }
    }

    enum Status: String, Sendable {
        case registered, updated
    }

    /// [PROPOSAL] Devices kept per user; registering one more drops the least recently
    /// registered, so the table cannot grow without bound.
    static let maxDevicesPerUser = 20

    let database: any HearthDatabase
    let clock: any WallClock

    /// Stores the token for `userID`; 404 without a profile row.
    func register(userID: String, input: Input) async throws -> Status {
        let now = clock.now
        return try await database.transaction { sql in
            guard try await sql.queryFirst("SELECT id FROM knot_users WHERE id = ?", [.text(userID)]) != nil else {
                throw APIError.knotNotFound(UserProfiles.notFound)
            }
            let had =
                try await sql.queryFirst("SELECT device_token FROM knot_device_tokens WHERE user_id = ? LIMIT 1", [.text(userID)]) != nil
            try await sql.execute(
                """
                INSERT INTO knot_device_tokens (device_token, user_id, platform, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (device_token) DO UPDATE SET user_id = excluded.user_id, platform = excluded.platform,
                    updated_at = excluded.updated_at
                """, [.text(input.deviceToken), .text(userID), .text(input.platform), SQLValue(now), SQLValue(now)])
            let surplus = try await sql.query(
                """
                SELECT device_token FROM knot_device_tokens WHERE user_id = ?
                ORDER BY updated_at DESC, device_token DESC LIMIT 1000 OFFSET ?
                """, [.text(userID), SQLValue(Self.maxDevicesPerUser)])
            for row in surplus {
                try await sql.execute("DELETE FROM knot_device_tokens WHERE device_token = ?", [.text(try row.string("device_token"))])
            }
            return had ? .updated : .registered
        }
    }

    /// The user's devices, most recently registered first (where pushes go).
    func devices(userID: String) async throws -> [(token: String, platform: String)] {
        try await database.read { sql in
            try await sql.query(
                "SELECT device_token, platform FROM knot_device_tokens WHERE user_id = ? ORDER BY updated_at DESC, device_token DESC",
                [.text(userID)])
        }.map { (try $0.string("device_token"), try $0.string("platform")) }
    }

    /// Forgets a token the push platform no longer accepts.
    func forget(token: String, userID: String) async throws {
        try await database.transaction { sql in
            try await sql.execute("DELETE FROM knot_device_tokens WHERE device_token = ? AND user_id = ?", [.text(token), .text(userID)])
        }
    }
}
