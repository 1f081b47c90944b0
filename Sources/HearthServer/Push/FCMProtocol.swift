import HearthCore

/// FCM HTTP v1 as data (the message body, the answer mapping), apart from HTTP and OAuth.
public enum FCM {
    /// `{"message": {"token", "notification": {"title", "body"}, "data": {…}, "android"?, "apns"?}}`.
    /// `data` values must be strings in FCM, so ``PushNotification/custom`` values that are
    /// not strings are sent as their JSON text; the collapse id and priority become FCM's
    /// per-platform equivalents.
    public static func body(for notification: PushNotification) -> JSONValue {
        var data: [String: JSONValue] = [:]
        for (key, value) in notification.custom {
            data[key] = .string(value.stringValue ?? value.serializedString())
        }
        var message: [String: JSONValue] = [
            "token": .string(notification.deviceToken),
            "notification": ["title": .string(notification.title), "body": .string(notification.body)],
        ]
        if !data.isEmpty { message["data"] = .object(data) }
        var android: [String: JSONValue] = ["priority": notification.priority == .immediate ? "HIGH" : "NORMAL"]
        var apnsHeaders: [String: JSONValue] = ["apns-priority": .string(String(notification.priority.rawValue))]
        if let collapseID = notification.collapseID {
            android["collapse_key"] = .string(collapseID)
            apnsHeaders["apns-collapse-id"] = .string(collapseID)
        }
        message["android"] = .object(android)
        message["apns"] = ["headers": .object(apnsHeaders)]
        return ["message": .object(message)]
    }

    /// Maps an FCM answer: 200 → delivered (the message `name`); `UNREGISTERED` (404) and
    /// 400 `INVALID_ARGUMENT` → the token is no longer valid (the body Hearth builds is
    /// always well-formed, so an invalid argument is the token); anything else → refused
    /// with the error's `errorCode` or `status`. A 404 without `UNREGISTERED` (a wrong
    /// project id, say) is refused, so a misconfiguration does not erase every token.
    public static func result(status: Int, body: [UInt8]) -> PushResult {
        let document = try? JSONParser().parse(body)
        if status == 200 { return .delivered(id: document?["name"]?.stringValue) }
        let error = document?["error"]
        let errorCode = error?["details"]?.arrayValue?.lazy.compactMap { $0["errorCode"]?.stringValue }.first
        let reason = errorCode ?? error?["status"]?.stringValue
        switch (status, reason) {
        case (_, "UNREGISTERED"): return .tokenNoLongerValid(reason: "UNREGISTERED")
        case (400, "INVALID_ARGUMENT"): return .tokenNoLongerValid(reason: "INVALID_ARGUMENT")
        default: return .refused(status: status, reason: reason)
        }
    }
}
