import HearthClient
import HearthCore

/// The user's own profile document (spec §7.1): name, bio, birthday, locale, public slug
/// and avatar. Email and credentials are the server's and never edited here.
public struct ProfileRepository: Sendable {
    let context: WishContext

    init(_ context: WishContext) { self.context = context }

    var shelf: DocumentShelf<UserProfile> { context.shelf(UserProfile.self) }

    /// The profile as synced to this device; `nil` before the first sync.
    public func current() async throws -> UserProfile? {
        try shelf.find(try await context.userID())
    }

    /// Applies `change`, checks every field (a slug's uniqueness is the server's to check)
    /// and saves the profile.
    @discardableResult
    public func edit(_ change: (inout UserProfile) throws -> Void) async throws -> UserProfile {
        guard var profile = try await current() else {
            throw WishWithMeError.notFound("Your profile")
        }
        try change(&profile)
        let now = context.clock.now
        do {
            try ProfileRules.validate(profile, now: now)
        } catch {
            throw WishWithMeError.invalid(error.description)
        }
        profile.updatedAt = now.iso8601
        try shelf.save(profile)
        await context.saved()
        return profile
    }

    /// Sets the avatar from an image file's bytes (PNG, JPEG, GIF, WebP or SVG, ≤ 1 MiB).
    @discardableResult
    public func setAvatar(imageBytes: [UInt8]) async throws -> UserProfile {
        let dataURL: String
        do {
            dataURL = try AvatarImage.dataURL(from: imageBytes)
        } catch {
            throw WishWithMeError.invalid(error.description)
        }
        return try await edit { $0.avatarBase64 = dataURL }
    }
}
