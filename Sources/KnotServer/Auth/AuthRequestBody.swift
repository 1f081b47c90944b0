import HearthCore
import HearthServer
import Hummingbird
import NIOCore

/// The JSON body of an `/auth/v1` request, read as GoTrue reads it (research doc D1.2):
/// JSON whatever the `Content-Type`, unknown keys ignored, `null` the same as absent, an
/// empty body the same as `{}`. Sizes are capped: the body, each string, nesting.
struct AuthRequestBody: Sendable {
    static let maxBytes = 64 * 1024
    static let maxMetadataBytes = 16 * 1024
    static let maxMetadataDepth = 4
    static let maxEmailLength = 254
    /// bcrypt reads 72 bytes; GoTrue refuses longer passwords rather than ignore the rest.
    static let maxPasswordBytes = 72

    let members: [String: JSONValue]

    init(members: [String: JSONValue]) {
        self.members = members
    }

    static func read(_ request: Request, context: HearthRequestContext) async throws -> AuthRequestBody {
        let limit = min(maxBytes, context.maxUploadSize)
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw GoTrueError(.contentTooLarge, "request_too_large", "The request body is larger than \(limit) bytes")
        }
        if buffer.readableBytesView.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return AuthRequestBody(members: [:]) }
        let value: JSONValue
        do {
            value = try JSONParser(limits: .init(maxBytes: limit, maxDepth: 16, maxStringBytes: limit)).parse(buffer.readableBytesView)
        } catch {
            throw GoTrueError.badJSON("\(error)")
        }
        guard let members = value.objectValue else { throw GoTrueError.badJSON("the body must be a JSON object") }
        return AuthRequestBody(members: members)
    }

    /// The member `key` unless absent or `null`.
    subscript(key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    /// A string member (at most `maxBytes` bytes), `nil` when absent or `null`.
    func string(_ key: String, maxBytes: Int = 4096) throws(GoTrueError) -> String? {
        guard let value = self[key] else { return nil }
        guard let text = value.stringValue else { throw GoTrueError.badJSON("'\(key)' must be a string") }
        guard text.utf8.count <= maxBytes else { throw GoTrueError.validation("'\(key)' is too long") }
        return text
    }

    /// A string member, with an empty string treated as absent.
    func nonEmptyString(_ key: String, maxBytes: Int = 4096) throws(GoTrueError) -> String? {
        guard let text = try string(key, maxBytes: maxBytes), !text.isEmpty else { return nil }
        return text
    }

    func bool(_ key: String) throws(GoTrueError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let flag = value.boolValue else { throw GoTrueError.badJSON("'\(key)' must be a boolean") }
        return flag
    }

    /// The email member, trimmed and lower-cased; `nil` when absent.
    func email(_ key: String = "email") throws(GoTrueError) -> String? {
        guard let text = try string(key, maxBytes: 1024)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return try Self.validatedEmail(text)
    }

    static func validatedEmail(_ text: String) throws(GoTrueError) -> String {
        guard text.count <= maxEmailLength, let email = try? EmailAddress.validated(text) else { throw GoTrueError.invalidEmail }
        return email
    }

    /// A metadata object (`data`, `user_metadata`, `app_metadata`): at most 16 KiB written
    /// and four levels deep.
    func metadata(_ key: String) throws(GoTrueError) -> JSONValue? {
        guard let value = self[key] else { return nil }
        guard value.objectValue != nil else { throw GoTrueError.badJSON("'\(key)' must be a JSON object") }
        guard value.serialized().count <= Self.maxMetadataBytes, Self.depth(of: value) <= Self.maxMetadataDepth else {
            throw GoTrueError.validation("'\(key)' must be a JSON object of at most 16 KiB and \(Self.maxMetadataDepth) levels")
        }
        return value
    }

    private static func depth(of value: JSONValue) -> Int {
        switch value {
        case .object(let members): 1 + (members.values.map(depth).max() ?? 0)
        case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
        default: 0
        }
    }
}
