import HearthCore

/// One mail to one recipient: a plain-text body, optionally an HTML one, and for the
/// outbox what a test or an operator looks for (the sign-in link, the one-time code).
public struct MailMessage: Sendable, Hashable {
    public var to: String
    public var subject: String
    public var text: String
    public var html: String?
    /// The action link the mail carries, if any (kept beside the body in the outbox).
    public var link: String?
    /// The one-time code the mail carries, if any.
    public var otp: String?

    public init(to: String, subject: String, text: String, html: String? = nil, link: String? = nil, otp: String? = nil) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.link = link
        self.otp = otp
    }
}

/// Delivers mail. ``OutboxMailSender`` writes files (the default, and what tests read);
/// ``SMTPMailSender`` talks to a mail server.
public protocol MailSender: Sendable {
    /// Returns once the message was handed over; throws when it could not be.
    func send(_ message: MailMessage) async throws
}

/// Why a mail could not be handed over.
public struct MailDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "mail not delivered: \(reason)" }
}
