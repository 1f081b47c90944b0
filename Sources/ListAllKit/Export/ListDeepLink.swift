import Foundation

/// The link to a list, `listall://list/<UUID>?name=<percent-encoded name>` (spec §2.6).
public enum ListDeepLink {
    public static let scheme = "listall"
    public static let host = "list"

    /// The list's id and name, or `nil` unless the scheme is `listall`, the host `list`,
    /// the first path component a UUID, and a `name` query item present.
    public static func parse(_ url: URL) -> (id: UUID, name: String)? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        return parse(components)
    }

    public static func parse(_ text: String) -> (id: UUID, name: String)? {
        guard let components = URLComponents(string: text) else { return nil }
        return parse(components)
    }

    /// The link text; the name is percent-encoded except for the RFC 3986 unreserved
    /// characters, so `&`, `=`, `+` and `#` in a name survive the round trip.
    public static func string(listID: UUID, name: String) -> String {
        "\(scheme)://\(host)/\(listID.uuidString.uppercased())?name=\(percentEncoded(name))"
    }

    public static func url(listID: UUID, name: String) -> URL? {
        URL(string: string(listID: listID, name: name))
    }

    private static func parse(_ components: URLComponents) -> (id: UUID, name: String)? {
        guard components.scheme?.lowercased() == scheme, components.host?.lowercased() == host else { return nil }
        guard let first = components.path.split(separator: "/").first, let id = UUID(uuidString: String(first)) else {
            return nil
        }
        guard let name = components.queryItems?.first(where: { $0.name == "name" })?.value else { return nil }
        return (id, name)
    }

    private static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
