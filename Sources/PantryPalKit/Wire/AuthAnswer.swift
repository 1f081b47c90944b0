import HearthClient
import HearthCore

/// Answer of `POST auth/register` and `auth/login` with `"refreshable": true`
/// (docs/PANTRYPAL.md): the user, a 15-minute token, a refresh token and its lifetime.
struct AuthAnswer: Sendable {
    var user: PantryUser
    var token: String
    var refreshToken: String
    var expiresIn: Int

    init(_ body: JSONValue) throws {
        guard let user = PantryUser(json: body["user"]), let token = body["token"]?.stringValue else {
            throw ClientError.invalidResponse("the sign-in answer has no user or token")
        }
        guard let refreshToken = body["refreshToken"]?.stringValue else {
            throw ClientError.invalidResponse("the server did not issue a refresh token; is it a Hearth PantryPal server?")
        }
        self.user = user
        self.token = token
        self.refreshToken = refreshToken
        self.expiresIn = body["expiresIn"]?.looseInt ?? 900
    }
}

extension PantryUser {
    init?(json: JSONValue?) {
        guard let json, let id = json["id"]?.stringValue else { return nil }
        self.init(
            id: id, email: json["email"]?.stringValue ?? "", firstName: json["firstName"]?.stringValue ?? "",
            lastName: json["lastName"]?.stringValue ?? "", householdID: json["householdId"]?.stringValue)
    }
}
