import AsyncHTTPClient
import HearthCore
import Logging
import NIOCore

/// Any OpenAI-compatible embeddings endpoint (spec §11): `POST {base}/embeddings` with
/// `{"model", "input", "dimensions": 768}` and, when a key is configured, a Bearer token.
///
/// The base URL comes from the operator's configuration, not from users, so it may point
/// at loopback (a model server beside Hearth) and is not put through the outbound SSRF
/// policy. Every failure — timeout, HTTP error, malformed body, a vector of the wrong
/// dimension — is logged and answered with `nil`.
struct OpenAICompatibleEmbeddingProvider: EmbeddingProvider {
    static let maxResponseBytes = 4 * 1024 * 1024
    /// Inputs longer than this are cut before sending (hints are ≤ 500 scalars anyway).
    static let maxInputScalars = 8000

    let baseURL: String
    let model: String
    let apiKey: String?
    let http: HTTPClient
    let timeout: Duration
    let logger: Logger

    init(baseURL: String, model: String, apiKey: String?, http: HTTPClient, timeout: Duration = .seconds(10), logger: Logger) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.model = model
        self.apiKey = apiKey
        self.http = http
        self.timeout = timeout
        self.logger = logger
    }

    /// Stored beside each vector, so a change of model never compares unrelated vectors.
    var modelID: String { "openai-compatible:\(model)" }

    func embed(_ text: String) async -> [Float]? {
        let input = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maxInputScalars)))
        let body: JSONValue = ["model": .string(model), "input": .string(input), "dimensions": .int(Int64(EmbeddingVector.dimensions))]
        var request = HTTPClientRequest(url: baseURL + "/embeddings")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let apiKey { request.headers.add(name: "Authorization", value: "Bearer \(apiKey)") }
        request.body = .bytes(ByteBuffer(bytes: body.serialized()))
        let (http, sealed, timeout) = (http, request, timeout)
        let headDeadline = TimeAmount.nanoseconds(
            timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        do {
            // The client's deadline covers the head only; the body must not stall either.
            let (status, bytes) = try await withTimeout(timeout) {
                let response = try await http.execute(sealed, timeout: headDeadline)
                let collected = try await response.body.collect(upTo: Self.maxResponseBytes)
                return (response.status.code, Array(collected.readableBytesView))
            }
            guard (200..<300).contains(status) else {
                logger.warning("embedding provider answered an error", metadata: ["status": "\(status)", "model": "\(model)"])
                return nil
            }
            guard let vector = Self.vector(in: bytes) else {
                logger.warning("embedding provider answered no usable 768-dimension vector", metadata: ["model": "\(model)"])
                return nil
            }
            return vector
        } catch {
            logger.warning("embedding provider unreachable", metadata: ["error": "\(type(of: error))", "model": "\(model)"])
            return nil
        }
    }

    /// `data[0].embedding` of an embeddings answer, if it is 768 finite numbers.
    static func vector(in bytes: [UInt8]) -> [Float]? {
        let limits = JSONParser.Limits(maxBytes: maxResponseBytes, maxDepth: 16, maxStringBytes: maxResponseBytes)
        guard let answer = try? JSONParser(limits: limits).parse(bytes),
            let numbers = answer["data"]?[0]?["embedding"]?.arrayValue,
            numbers.count == EmbeddingVector.dimensions
        else { return nil }
        var vector: [Float] = []
        vector.reserveCapacity(numbers.count)
        for number in numbers {
            guard let value = number.doubleValue else { return nil }
            vector.append(Float(value))
        }
        return EmbeddingVector.isUsable(vector) ? vector : nil
    }
}
