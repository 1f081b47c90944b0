import Foundation
import HearthCore

/// The APNs provider API as data (request line, headers, body, answer mapping), kept apart
/// from the HTTP/2 transport and from ES256 signing so it needs neither.
public enum APNs {
    public static let productionHost = "https://api.push.apple.com"
    public static let sandboxHost = "https://api.sandbox.push.apple.com"

    /// A request ready for `POST {host}{path}` over HTTP/2.
    public struct Request: Sendable {
        public var path: String
        /// Lower-case names, in a fixed order.
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    }

    /// The request for `notification`, or `nil` when its device token cannot be one
    /// (APNs tokens are hexadecimal; anything else must not reach the URL path).
    public static func request(for notification: PushNotification, topic: String, providerToken: String) -> Request? {
        let token = notification.deviceToken
        guard !token.isEmpty, token.utf8.count <= 200, token.allSatisfy(\.isHexDigit), token.allSatisfy(\.isASCII) else {
            return nil
        }
        var headers: [(name: String, value: String)] = [
            ("authorization", "bearer " + providerToken), ("apns-topic", topic), ("apns-push-type", "alert"),
            ("apns-priority", String(notification.priority.rawValue)),
        ]
        if let expiration = notification.expiration {
            // Seconds since 1970; a time already past means "try once, do not store".
            headers.append(("apns-expiration", String(max(0, floorDivide(expiration.millisecondsSince1970, 1000)))))
        }
        if let collapseID = notification.collapseID { headers.append(("apns-collapse-id", collapseID)) }
        headers.append(("content-type", "application/json"))
        return Request(path: "/3/device/" + token, headers: headers, body: notification.payload.serialized())
    }

    /// Maps an APNs answer: 200 → delivered (with `apns-id`); 410 `Unregistered` and 400
    /// `BadDeviceToken` → the token is no longer valid; anything else → refused with the
    /// `reason` of the error body `{"reason": …}`, if it has one.
    public static func result(status: Int, apnsID: String?, body: [UInt8]) -> PushResult {
        if status == 200 { return .delivered(id: apnsID) }
        let reason = (try? JSONParser().parse(body))?["reason"]?.stringValue
        switch (status, reason) {
        case (410, _): return .tokenNoLongerValid(reason: reason ?? "Unregistered")
        case (400, "BadDeviceToken"): return .tokenNoLongerValid(reason: "BadDeviceToken")
        default: return .refused(status: status, reason: reason)
        }
    }

    /// Whether an answer says the provider token itself was refused, so the next request
    /// should carry a fresh one (see ``ProviderTokenCache/tokenRefused(_:)``).
    public static func refusesProviderToken(_ result: PushResult) -> Bool {
        if case .refused(403, let reason?) = result {
            return reason == "ExpiredProviderToken" || reason == "InvalidProviderToken"
        }
        return false
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }
}

extension APNs {
    /// The unsigned part of a provider token: `base64url(header) "." base64url(claims)`,
    /// header `{"alg":"ES256","kid":keyID}`, claims `{"iss":teamID,"iat":seconds}`. The
    /// token is this, `"."`, and the base64url raw (r‖s) ES256 signature over it.
    public static func providerTokenSigningInput(keyID: String, teamID: String, issuedAt: Timestamp) -> String {
        let header: JSONValue = ["alg": "ES256", "kid": .string(keyID)]
        let claims: JSONValue = ["iss": .string(teamID), "iat": .int(issuedAt.millisecondsSince1970 / 1000)]
        return base64URL(header.serialized()) + "." + base64URL(claims.serialized())
    }

    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
