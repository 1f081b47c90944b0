/// Tells an anti-bot challenge or access-denied page from a product page (spec §6.2
/// step 3): the page looks like a challenge (a refusing status, a known challenge title
/// or marker), and it is short or carries a hard challenge marker, and its visible text
/// has no product-like words. Such a page ends resolution as `BLOCKED_OR_UNAVAILABLE`.
enum BlockedPageDetector {
    /// HTML shorter than this (in bytes) is too thin for a product page (spec: 5000 characters).
    static let shortPageBytes = 5000
    /// Statuses with which shops and their CDNs refuse robots.
    static let refusingStatuses: Set<Int> = [401, 403, 407, 429, 503]
    /// Lower-cased titles (or their beginnings) of challenge and refusal pages.
    static let challengeTitles = [
        "just a moment", "attention required", "access denied", "access to this page has been denied", "are you a robot",
        "are you human", "security check", "checking your browser", "pardon our interruption", "один момент", "доступ ограничен",
        "доступ запрещён", "доступ запрещен", "проверка браузера", "вы не робот", "подтвердите, что вы не робот",
    ]
    /// Lower-cased markers that anti-bot services leave in their interstitials' markup.
    static let challengeMarkers = [
        "cf-browser-verification", "cf_chl_opt", "challenge-platform", "cf-challenge", "_incapsula_resource",
        "captcha-delivery.com", "px-captcha", "smartcaptcha", "showcaptcha", "g-recaptcha", "h-captcha", "hcaptcha.com",
        "/checkcaptcha", "captcha",
    ]
    /// Markers that only an interstitial carries, whatever its length.
    static let hardChallengeMarkers = ["cf_chl_opt", "challenge-platform", "_incapsula_resource", "captcha-delivery.com", "px-captcha"]
    /// Lower-cased words of a page that sells something.
    static let productWords = [
        "price", "cart", "buy", "basket", "checkout", "in stock", "₽", "руб", "цена", "корзин", "купить", "заказать", "в наличии",
        "€", "£", "$",
    ]

    /// - Parameters:
    ///   - html: the final page's HTML as fetched or rendered.
    ///   - status: the HTTP status of the final page, when known.
    ///   - charset: the charset of `html`, `nil` for the page's own.
    static func isBlocked(html: [UInt8], status: Int? = nil, charset: String? = nil) -> Bool {
        let markup = String(decoding: html.prefix(ProductPageParser().maxHTMLBytes), as: UTF8.self).lowercased()
        let title = Self.title(in: markup)
        let looksLikeChallenge =
            status.map(refusingStatuses.contains) ?? false
            || challengeTitles.contains { title.hasPrefix($0) }
            || challengeMarkers.contains { markup.contains($0) }
        guard looksLikeChallenge else { return false }
        guard html.count < shortPageBytes || hardChallengeMarkers.contains(where: { markup.contains($0) }) else { return false }
        let text = CleanedHTML.clean(html[...], encoding: charset, limit: 20_000, markup: false).lowercased()
        return !productWords.contains { text.contains($0) }
    }

    /// The text of the first `<title>`, whitespace collapsed (markup already lower-cased).
    private static func title(in markup: String) -> String {
        guard let open = markup.range(of: "<title"), let start = markup[open.upperBound...].firstIndex(of: ">"),
            let close = markup[start...].range(of: "</title>")
        else { return "" }
        let text = markup[markup.index(after: start)..<close.lowerBound]
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
