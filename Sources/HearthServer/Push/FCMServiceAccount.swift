import Foundation
import HearthCore
import JWTKit

/// The parts of a Google service-account key file (the JSON downloaded from the Firebase
/// console) that FCM HTTP v1 needs: who signs, with which RSA key, where tokens come from.
public struct FCMServiceAccount: Sendable {
    public static let defaultTokenURI = "https://oauth2.googleapis.com/token"

    public var projectID: String
    public var clientEmail: String
    /// PEM (PKCS#8 `BEGIN PRIVATE KEY`, as Google issues it, or PKCS#1).
    public var privateKeyPEM: String
    public var privateKeyID: String?
    /// Where the JWT-bearer assertion is exchanged for an access token (the assertion's `aud`).
    public var tokenURI: String

    public init(projectID: String, clientEmail: String, privateKeyPEM: String, privateKeyID: String? = nil, tokenURI: String = defaultTokenURI) {
        self.projectID = projectID
        self.clientEmail = clientEmail
        self.privateKeyPEM = privateKeyPEM
        self.privateKeyID = privateKeyID
        self.tokenURI = tokenURI
    }

    /// Reads a key file: `{"type": "service_account", "project_id", "client_email",
    /// "private_key", "private_key_id"?, "token_uri"?}`; the key must parse as RSA.
    public init(json bytes: [UInt8]) throws(FCMServiceAccountError) {
        guard let document = try? JSONParser().parse(bytes), document.objectValue != nil else {
            throw .invalid("not a JSON object")
        }
        if let type = document["type"]?.stringValue, type != "service_account" {
            throw .invalid("type is '\(type)', expected service_account")
        }
        func required(_ key: String) throws(FCMServiceAccountError) -> String {
            guard let value = document[key]?.stringValue, !value.isEmpty else { throw .invalid("\(key) is missing") }
            return value
        }
        self.init(
            projectID: try required("project_id"), clientEmail: try required("client_email"),
            privateKeyPEM: try required("private_key"), privateKeyID: document["private_key_id"]?.stringValue,
            tokenURI: document["token_uri"]?.stringValue ?? Self.defaultTokenURI)
        do {
            _ = try signingKey()
        } catch {
            throw .invalid("private_key is not an RSA private key in PEM")
        }
    }

    public init(contentsOfFile path: String) throws(FCMServiceAccountError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .invalid("cannot read \(path)") }
        try self.init(json: Array(data))
    }

    func signingKey() throws -> Insecure.RSA.PrivateKey {
        try Insecure.RSA.PrivateKey(pem: privateKeyPEM)
    }
}

public struct FCMServiceAccountError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    static func invalid(_ message: String) -> FCMServiceAccountError { FCMServiceAccountError(message: message) }

    public var description: String { "invalid service-account key: \(message)" }
}
