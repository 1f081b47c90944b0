import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id (a sane incoming `X-Request-ID` is kept, otherwise a new
/// one), resolves the client address, logs one structured line per request and records
/// its metrics. The id is echoed in the `X-Request-ID` response header.
public struct RequestObservationMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext
    let metrics: ServerMetrics
    let addresses: ClientAddressResolver

    public init(metrics: ServerMetrics, addresses: ClientAddressResolver) {
        self.metrics = metrics
        self.addresses = addresses
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let requestID = Self.acceptedRequestID(request.headers[.requestID]) ?? UUID().uuidString.lowercased()
        context.logger[metadataKey: "request_id"] = .string(requestID)
        context.clientAddress = addresses.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor])
        let start = ContinuousClock.now
        var status = 500
        defer {
            let duration = ContinuousClock.now - start
            metrics.recordRequest(
                method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: status, duration: duration)
            context.logger.info(
                "request",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                    "status": .stringConvertible(status), "client": .string(context.clientAddress ?? "-"),
                    "ms": .stringConvertible(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000),
                ])
        }
        do {
            var response = try await next(request, context)
            status = response.status.code
            response.headers[.requestID] = requestID
            return response
        } catch let error as HTTPResponseError {
            status = error.status.code
            throw error
        }
    }

    /// Up to 128 characters of letters, digits, `-`, `_` and `.`; anything else is replaced.
    static func acceptedRequestID(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.count <= 128,
            value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else { return nil }
        return value
    }
}

extension HTTPField.Name {
    static let requestID = known("X-Request-ID")
    static let xForwardedFor = known("X-Forwarded-For")

    /// A header name written in source code, so known to be valid (a typo stops the
    /// process at first use rather than passing silently).
    public static func known(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else { preconditionFailure("invalid header name \(name)") }
        return field
    }
}
