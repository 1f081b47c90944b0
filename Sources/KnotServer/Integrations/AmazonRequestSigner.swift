import Crypto
import HearthCore

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`), as the Product Advertising API 5.0
/// requires it (spec §10.1): a canonical request, its SHA-256 in a string to sign, and an
/// HMAC-SHA256 with a key derived from the secret, the day, the region and the service.
///
/// General enough to reproduce the AWS test-suite vectors (query strings, any header set),
/// which is how it is tested.
struct AmazonRequestSigner: Sendable {
    static let algorithm = "AWS4-HMAC-SHA256"
    /// The PA-API 5.0 signing service name.
    static let productAdvertisingService = "ProductAdvertisingAPI"

    struct Signature: Sendable, Hashable {
        var canonicalRequest: String
        var stringToSign: String
        /// `host;x-amz-date;…`: the lowercased names of the signed headers, sorted.
        var signedHeaders: String
        /// 64 lowercase hex digits.
        var signature: String
        /// The `Authorization` header value.
        var authorization: String
    }

    let accessKey: String
    let secretKey: String
    let region: String
    let service: String

    init(accessKey: String, secretKey: String, region: String, service: String = Self.productAdvertisingService) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.region = region
        self.service = service
    }

    /// Signs a request whose `headers` already include `host` and `x-amz-date` (every
    /// header given is signed).
    ///
    /// - Parameters:
    ///   - path: the absolute path, each segment percent-encoded here once.
    ///   - query: decoded names and values; encoded and sorted here.
    ///   - amzDate: `YYYYMMDDTHHMMSSZ`, the `x-amz-date` value.
    func sign(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)],
        payload: [UInt8], amzDate: String
    ) -> Signature {
        let canonicalHeaders = Self.canonicalHeaders(headers)
        let signedHeaders = canonicalHeaders.map(\.name).joined(separator: ";")
        let canonicalRequest = [
            method.uppercased(),
            Self.canonicalPath(path),
            Self.canonicalQuery(query),
            canonicalHeaders.map { "\($0.name):\($0.value)\n" }.joined(),
            signedHeaders,
            SHA256.hash(data: payload).hexString,
        ].joined(separator: "\n")
        let day = String(amzDate.prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [Self.algorithm, amzDate, scope, SHA256.hash(data: Array(canonicalRequest.utf8)).hexString]
            .joined(separator: "\n")
        let signature = Self.hmac(signingKey(day: day), stringToSign).hexString
        let authorization = "\(Self.algorithm) Credential=\(accessKey)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signedHeaders: signedHeaders, signature: signature,
            authorization: authorization)
    }

    /// `HMAC(HMAC(HMAC(HMAC("AWS4" + secret, day), region), service), "aws4_request")`.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Array("AWS4\(secretKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Self.hmac(key, part))
        }
        return key
    }

    /// `YYYYMMDDTHHMMSSZ` in UTC.
    static func amzDate(_ timestamp: Timestamp) -> String {
        // "2015-08-30T12:36:00.000Z" → "20150830T123600Z"
        let compact = timestamp.iso8601.filter { $0 != "-" && $0 != ":" }
        return String(compact.prefix(15)) + "Z"
    }

    private static func hmac(_ key: SymmetricKey, _ message: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key))
    }

    /// Lowercased names, values trimmed with inner runs of spaces collapsed, sorted by name;
    /// repeated names joined with commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var merged: [String: [String]] = [:]
        for header in headers {
            let value = header.value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            merged[header.name.lowercased(), default: []].append(value)
        }
        return merged.keys.sorted().map { name in (name, (merged[name] ?? []).joined(separator: ",")) }
    }

    static func canonicalPath(_ path: String) -> String {
        guard !path.isEmpty else { return "/" }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { uriEncode(String($0)) }.joined(separator: "/")
    }

    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query.map { (uriEncode($0.name), uriEncode($0.value)) }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// RFC 3986 unreserved characters kept, every other byte `%XX` (upper-case hex).
    static func uriEncode(_ text: String) -> String {
        CandidateAggregation.percentEncoded(text)
    }
}
