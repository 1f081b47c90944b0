import HearthClient
import HearthCore

/// PantryPal's error bodies (spec §1.4, §8.2): `{error:"…", code?:"…", limit?:"25", …}`,
/// all values strings on Hearth (numbers tolerated). Hearth's own `{"error":{…}}` shape,
/// used by shared middleware, is read by ``ClientError/from(_:)``.
enum ErrorBody {
    static func clientError(from response: TransportResponse) -> ClientError {
        guard let body = try? JSONParser().parse(response.body), let message = body["error"]?.stringValue else {
            return ClientError.from(response)
        }
        return .server(status: response.status, code: body["code"]?.stringValue, message: message)
    }

    /// The `limit` an answer named (`"25"` or `25`).
    static func limit(in response: TransportResponse) -> Int? {
        guard let body = try? JSONParser().parse(response.body) else { return nil }
        return body["limit"]?.looseInt
    }
}
