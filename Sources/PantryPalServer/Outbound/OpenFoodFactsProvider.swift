import AsyncHTTPClient
import HearthCore
import NIOCore

/// Product lookup against Open Food Facts' v0 API:
/// `GET <base>/api/v0/product/<upc>.json` with a descriptive User-Agent, as they ask.
struct OpenFoodFactsProvider: ProductInfoProvider {
    static let maxBodyBytes = 2 * 1024 * 1024

    let baseURL: String
    let userAgent: String
    private let get: OutboundGet
    private let missing: NegativeLookupCache

    init(
        baseURL: String = "https://world.openfoodfacts.org", userAgent: String, http: HTTPClient, timeout: TimeAmount = .seconds(5),
        clock: any WallClock = SystemWallClock()
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.userAgent = userAgent
        get = OutboundGet(http: http, timeout: timeout, maxBodyBytes: Self.maxBodyBytes)
        missing = NegativeLookupCache(clock: clock)
    }

    func lookup(upc: String) async throws -> ProviderProduct? {
        guard ProductCode.isLookupable(upc) else { return nil }
        if await missing.isKnownMissing(upc) { return nil }
        switch try await fetch(upc) {
        case .found(let product):
            return product
        case .missing:
            await missing.recordMissing(upc)
            return nil
        case .malformed:
            throw ProductProviderError.unavailable("Open Food Facts answered something other than a product document")
        }
    }

    private func fetch(_ upc: String) async throws(ProductProviderError) -> OpenFoodFactsProduct.Outcome {
        let response: OutboundResponse
        do {
            response = try await get(
                "\(baseURL)/api/v0/product/\(upc).json", headers: [("User-Agent", userAgent), ("Accept", "application/json")])
        } catch {
            throw .unavailable("Open Food Facts \(error)")
        }
        // Unknown codes come back as 200 or 404, both with `status: 0`; any other status is a failure.
        guard response.status == 200 || response.status == 404 else {
            throw .unavailable("Open Food Facts answered HTTP \(response.status)")
        }
        let limits = JSONParser.Limits(maxBytes: Self.maxBodyBytes, maxDepth: 64, maxStringBytes: Self.maxBodyBytes)
        guard let answer = try? JSONParser(limits: limits).parse(response.body.readableBytesView) else {
            throw .unavailable("Open Food Facts answered invalid JSON (HTTP \(response.status))")
        }
        let outcome = OpenFoodFactsProduct.read(answer, upc: upc)
        if response.status == 404, case .found = outcome { throw .unavailable("Open Food Facts answered HTTP 404 with a product") }
        return outcome
    }
}
