import Foundation

/// Writes a ``MailMessage`` as an RFC 5322 message for SMTP `DATA`: UTF-8 headers encoded
/// per RFC 2047 where needed, bodies in base64 (so no line is too long and no server needs
/// 8BITMIME), `multipart/alternative` when there is HTML, CRLF line ends, and the
/// dot-stuffing of RFC 5321 §4.5.2 applied.
enum SMTPMessage {
    /// Refuses values that could smuggle headers or commands (CR, LF, NUL) or break the
    /// `<…>` of an envelope address.
    static func checkAddress(_ address: String) throws {
        guard !address.isEmpty, address.utf8.count <= 320,
            !address.unicodeScalars.contains(where: { $0.value < 0x21 || "<>\u{7F}".unicodeScalars.contains($0) })
        else { throw MailDeliveryError("'\(address.prefix(64))' is not a usable mail address") }
    }

    static func data(_ message: MailMessage, from: String, date: Date, messageID: String) -> String {
        var lines = [
            "From: \(from)", "To: \(message.to)", "Subject: \(header(message.subject))", "Date: \(rfc5322(date))",
            "Message-ID: <\(messageID)>", "MIME-Version: 1.0",
        ]
        if let html = message.html {
            let boundary = "hearth-" + UUID().uuidString.lowercased()
            lines.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
            lines.append("")
            lines.append("--\(boundary)")
            lines += part(message.text, type: "text/plain")
            lines.append("--\(boundary)")
            lines += part(html, type: "text/html")
            lines.append("--\(boundary)--")
        } else {
            lines += part(message.text, type: "text/plain")
        }
        return terminated(lines)
    }

    /// `lines` as DATA: CRLF line ends, every line starting with `.` given a second one
    /// (RFC 5321 §4.5.2), and the `.` line that ends the message.
    static func terminated(_ lines: [String]) -> String {
        lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n.\r\n"
    }

    private static func part(_ body: String, type: String) -> [String] {
        let encoded = Data(body.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""]
            + encoded.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// A header value: printable ASCII as is, anything else as `=?UTF-8?B?…?=`; line
    /// breaks never survive.
    static func header(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if flat.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) { return flat }
        return "=?UTF-8?B?\(Data(flat.utf8).base64EncodedString())?="
    }

    static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
