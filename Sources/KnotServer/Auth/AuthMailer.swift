import Foundation
import HearthCore
import HearthServer
import HearthStore
import Logging

/// Writes and sends the auth mails (confirmation, magic link, email change), each with a
/// link to `GET /auth/v1/verify` and the same proof as a short code, and enforces one
/// mail per address per ``rateLimitSeconds``, counted in the database so the limit holds
/// however many processes serve.
struct AuthMailer: Sendable {
    let sender: any MailSender
    /// `<site>/auth/v1`: where the links lead.
    let authBase: String
    let rateLimitSeconds: Int64
    let logger: Logger

    /// Claims the address's next mail, in the transaction that issues its token; throws
    /// 429 `over_email_send_rate_limit` when the previous one is too recent.
    func claimSend(to email: String, now: Timestamp, in executor: any SQLExecutor) async throws {
        guard rateLimitSeconds > 0 else { return }
        let claimed = try await executor.query(
            """
            INSERT INTO knot_auth_mail_sends (email, last_sent_at) VALUES (?, ?)
            ON CONFLICT (email) DO UPDATE SET last_sent_at = excluded.last_sent_at
            WHERE knot_auth_mail_sends.last_sent_at <= ?
            RETURNING email
            """, [.text(email), SQLValue(now), SQLValue(now.adding(seconds: -rateLimitSeconds))])
        guard claimed.isEmpty else { return }
        let last = try await executor.queryFirst("SELECT last_sent_at FROM knot_auth_mail_sends WHERE email = ?", [.text(email)])?
            .timestamp("last_sent_at")
        let remaining = last.map { ($0.adding(seconds: rateLimitSeconds).millisecondsSince1970 - now.millisecondsSince1970 + 999) / 1000 }
        throw GoTrueError.emailRateLimited(retryAfterSeconds: max(1, remaining ?? rateLimitSeconds))
    }

    /// The mail of `token` (GoTrue's link format: `{base}/verify?token=…&type=…&redirect_to=…`).
    func message(for token: OneTimeToken, issued: OneTimeTokenStore.Issued, redirectTo: String) -> MailMessage {
        let query = FormEncoding.query([("token", issued.linkToken), ("type", token.type), ("redirect_to", redirectTo)])
        let url = "\(authBase)/verify?\(query)"
        let (subject, action) = Self.wording(token.type)
        let text = """
            \(action):
            \(url)

            Or enter this code: \(issued.code)

            If you did not ask for this, ignore this mail.
            """
        let html = """
            <p>\(action):</p><p><a href="\(Self.escaped(url))">\(Self.escaped(subject))</a></p>\
            <p>Or enter this code: <strong>\(issued.code)</strong></p><p>If you did not ask for this, ignore this mail.</p>
            """
        return MailMessage(to: token.email, subject: subject, text: text, html: html, link: url, otp: issued.code)
    }

    /// Hands `message` to the sender; a failure is logged and answered 500 (GoTrue's
    /// "Error sending … email"), after the token was stored, so asking again works.
    func send(_ message: MailMessage) async throws(GoTrueError) {
        do {
            try await sender.send(message)
        } catch {
            logger.error("auth mail not sent", metadata: ["error": "\(error)"])
            throw GoTrueError.mailFailed
        }
    }

    private static func wording(_ type: String) -> (subject: String, action: String) {
        switch type {
        case "signup": ("Confirm your signup", "Follow this link to confirm your email address")
        case "email_change": ("Confirm your new email address", "Follow this link to confirm the change of your email address")
        case "recovery": ("Reset your password", "Follow this link to reset your password")
        default: ("Your sign-in link", "Follow this link to sign in")
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
