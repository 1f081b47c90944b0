import Foundation
import HearthCore
import HearthServer
import HearthStore

/// Registration, sign-in and the signed-in user's view (spec §2.1 hardened by W11, W14,
/// W24): e-mails unique case-insensitively, passwords 8…128 characters, uniform timing
/// for unknown e-mails, every token backed by a session.
struct AccountService: Sendable {
    let database: any HearthDatabase
    let passwords: PasswordHasher
    let sessions: SessionStore
    let failedLogins: RateLimiter
    var clock: any WallClock { sessions.clock }

    struct Registration: Sendable {
        var email: String
        var password: String
        var firstName: String?
        var lastName: String?
    }

    func register(_ registration: Registration, refreshable: Bool, device: String?) async throws -> (UserRecord, SessionStore.Issued) {
        let email = registration.email.trimmed
        guard email.unicodeScalars.count <= 254, email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            throw PantryError.badRequest("Enter a valid e-mail address")
        }
        guard (8...128).contains(registration.password.count) else {
            throw PantryError.badRequest("Password must be 8 to 128 characters long")
        }
        let hash = try await passwords.hash(registration.password)
        let now = clock.now
        let exists = PantryError.badRequest("User already exists")
        do {
            return try await database.transaction { executor in
                if try await UserRecord.find(normalizedEmail: UserRecord.normalizedEmail(email), in: executor) != nil { throw exists }
                let user = try await UserRecord.insert(
                    email: email, passwordHash: hash, firstName: registration.firstName, lastName: registration.lastName, appleID: nil,
                    now: now, in: executor)
                return (user, try await sessions.open(for: user, refreshable: refreshable, device: device, in: executor))
            }
        } catch let error as APIError {
            throw error
        } catch {
            // A registration racing this one took the address between our check and insert.
            let taken = try? await database.read { executor in
                try await UserRecord.find(normalizedEmail: UserRecord.normalizedEmail(email), in: executor)
            }
            if taken != nil { throw exists }
            throw error
        }
    }

    func login(email: String, password: String, refreshable: Bool, device: String?) async throws -> (UserRecord, SessionStore.Issued) {
        let key = UserRecord.normalizedEmail(email)
        // Every attempt reserves a failure before the password is checked, so parallel
        // guesses (on any number of processes) cannot overrun the limit; a success gives
        // its reservation back.
        if case .limited(let seconds) = try await failedLogins.consume(key) {
            throw PantryRateLimit.limited(retryAfterSeconds: seconds, type: .authentication)
        }
        let user = try await database.read { executor in try await UserRecord.find(normalizedEmail: key, in: executor) }
        guard let user, let hash = user.passwordHash else {
            try await passwords.verifyNothing(password)
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid credentials", headers: BearerAuthMiddleware.challenge)
        }
        guard try await passwords.verify(password, against: hash) else {
            throw APIError(.unauthorized, code: .unauthorized, message: "Invalid credentials", headers: BearerAuthMiddleware.challenge)
        }
        try? await failedLogins.refund(key)  // best effort: a correct password must not fail on it
        // A plain bcrypt hash (imported from the original server) is replaced by Hearth's
        // own now that the password is known; unless it changed meanwhile.
        let rehashed = passwords.needsRehash(hash) ? try await passwords.hash(password) : nil
        let issued = try await database.transaction { executor in
            if let rehashed {
                try await executor.execute(
                    "UPDATE pp_users SET password_hash = ? WHERE id = ? AND password_hash = ?", [.text(rehashed), .text(user.id), .text(hash)])
            }
            return try await sessions.open(for: user, refreshable: refreshable, device: device, in: executor)
        }
        return (user, issued)
    }

    /// `GET /auth/me`: the user, their household (effective premium) and the free limit.
    func me(userID: String) async throws -> JSONValue {
        let now = clock.now
        return try await database.read { executor in
            guard let user = try await UserRecord.find(id: userID, in: executor) else { throw PantryError.notFound("User not found") }
            var household: HouseholdRecord?
            if let householdID = user.householdID { household = try await HouseholdRecord.find(id: householdID, in: executor) }
            return [
                "user": user.json, "household": household?.json(now: now) ?? .null,
                "config": ["freeLimit": .int(Int64(FreeLimits.inventoryRows))],
            ]
        }
    }
}
