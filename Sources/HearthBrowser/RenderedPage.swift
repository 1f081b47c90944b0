/// A page as the browser saw it after scripts ran and the page settled.
public struct RenderedPage: Sendable, Hashable {
    /// Where the page ended up after redirects and script navigation (`location.href`).
    public var finalURL: String
    /// `document.documentElement.outerHTML` at the moment the page was considered settled.
    public var html: String
    /// `document.title`.
    public var title: String
    /// HTTP status of the main document's final response, when the browser reported one.
    public var status: Int?
    /// True when the page budget ran out before the network was quiet and the DOM stable;
    /// `html` is then whatever had rendered by that point.
    public var timedOut: Bool

    public init(finalURL: String, html: String, title: String, status: Int?, timedOut: Bool) {
        self.finalURL = finalURL
        self.html = html
        self.title = title
        self.status = status
        self.timedOut = timedOut
    }
}
