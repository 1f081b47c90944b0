import HearthTesting
import Hummingbird
import Logging
import Synchronization
import Testing

@testable import KnotServer

/// Stage 6's HTTP link check against a fake site on loopback (spec §6.7, §13 #36).
@Suite struct HTTPURLVerifierTests {
    final class Hits: Sendable {
        private let hits = Mutex<[String]>([])
        func record(_ method: HTTPRequest.Method, _ path: String) { hits.withLock { $0.append("\(method.rawValue) \(path)") } }
        var all: [String] { hits.withLock { $0 } }
    }

    /// `/ok`, `/no-head` (405 to HEAD, 200 to GET), `/no-head-gone` (405, then 404),
    /// `/moved` (301 to `/gone`), `/error` (500), `/slow` (answers after 10 s, far beyond any timeout used here); anything
    /// else is 404.
    static func withSite<T: Sendable>(_ body: @Sendable (_ base: String, _ hits: Hits) async throws -> T) async throws -> T {
        let hits = Hits()
        let router = Router()
        let answers: [(String, HTTPRequest.Method, HTTPResponse.Status)] = [
            ("ok", .head, .ok), ("ok", .get, .ok),
            ("no-head", .head, .methodNotAllowed), ("no-head", .get, .ok),
            ("no-head-gone", .head, .methodNotAllowed), ("no-head-gone", .get, .notFound),
            ("error", .head, .internalServerError),
        ]
        for (path, method, status) in answers {
            router.on(RouterPath(path), method: method) { request, _ -> Response in
                hits.record(request.method, request.uri.path)
                return Response(status: status)
            }
        }
        for method in [HTTPRequest.Method.head, .get] {
            router.on("moved", method: method) { request, _ -> Response in
                hits.record(request.method, request.uri.path)
                return Response(status: .movedPermanently, headers: [.location: "/gone"])
            }
            router.on("slow", method: method) { request, _ -> Response in
                hits.record(request.method, request.uri.path)
                try await Task.sleep(for: .seconds(10))
                return Response(status: .ok)
            }
            router.on("gone", method: method) { request, _ -> Response in
                hits.record(request.method, request.uri.path)
                return Response(status: .notFound)
            }
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body("http://127.0.0.1:\(port)", hits) }
    }

    static func verifier(timeout: Duration = .seconds(5)) -> HTTPURLVerifier {
        HTTPURLVerifier(allowedPrivateHosts: ["127.0.0.1"], timeout: timeout, logger: .quietTestLogger)
    }

    @Test func anAnsweringPageIsValidAfterOneHead() async throws {
        try await Self.withSite { base, hits in
            #expect(await Self.verifier().isAvailable(base + "/ok"))
            #expect(hits.all == ["HEAD /ok"])
        }
    }

    @Test func notFoundAndServerErrorsAreInvalid() async throws {
        try await Self.withSite { base, hits in
            #expect(await !Self.verifier().isAvailable(base + "/missing"))
            #expect(await !Self.verifier().isAvailable(base + "/error"))
            #expect(hits.all == ["HEAD /error"])
        }
    }

    @Test func head405FallsBackToGet() async throws {
        try await Self.withSite { base, hits in
            #expect(await Self.verifier().isAvailable(base + "/no-head"))
            #expect(await !Self.verifier().isAvailable(base + "/no-head-gone"))
            #expect(hits.all == ["HEAD /no-head", "GET /no-head", "HEAD /no-head-gone", "GET /no-head-gone"])
        }
    }

    @Test func aRedirectIsValidWithoutBeingFollowed() async throws {
        try await Self.withSite { base, hits in
            #expect(await Self.verifier().isAvailable(base + "/moved"))
            #expect(hits.all == ["HEAD /moved"])
        }
    }

    @Test func aTimeoutIsInvalid() async throws {
        try await Self.withSite { base, _ in
            #expect(await !Self.verifier(timeout: .seconds(2)).isAvailable(base + "/slow"))
        }
    }

    @Test(arguments: ["", "   ", "not a url", "mailto:someone@example.com", "ftp://127.0.0.1/file", "http://127.0.0.1:9/closed"])
    func unusableURLsAreInvalid(_ url: String) async {
        #expect(await !Self.verifier().isAvailable(url))
    }

    /// Private and local addresses are refused by the outbound policy before any request.
    @Test func privateAddressesAreInvalidAndNeverContacted() async throws {
        try await Self.withSite { base, hits in
            let port = base.split(separator: ":").last.map(String.init) ?? ""
            let verifier = HTTPURLVerifier(timeout: .seconds(5), logger: .quietTestLogger)
            for url in [base + "/ok", "http://localhost:\(port)/ok", "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/"] {
                #expect(await !verifier.isAvailable(url))
            }
            #expect(hits.all.isEmpty)
        }
    }

    /// §13 #36: selected [A ok, C → 404, D ok], pool A, B, C, D → [A, B, D].
    @Test func replacementTakesTheFailedSlot() async throws {
        try await Self.withSite { base, _ in
            func item(_ id: String, _ path: String) -> Candidate {
                RecommendationFixtures.candidate(id, url: base + path)
            }
            let (a, b, c, d) = (item("A", "/ok"), item("B", "/no-head"), item("C", "/missing"), item("D", "/moved"))
            let result = await URLVerification.run(selected: [a, c, d], pool: [a, b, c, d], verifier: Self.verifier())
            #expect(result.map(\.id) == ["A", "B", "D"])
        }
    }

    /// §13 #36: a slot whose three replacements all time out is dropped.
    @Test func aSlotWhoseReplacementsTimeOutIsDropped() async throws {
        try await Self.withSite { base, _ in
            func item(_ id: String, _ path: String) -> Candidate {
                RecommendationFixtures.candidate(id, url: base + path)
            }
            let selected = [item("A", "/ok"), item("C", "/missing"), item("D", "/ok")]
            let pool = selected + [item("E", "/slow"), item("F", "/slow"), item("G", "/slow"), item("H", "/ok")]
            // A timeout generous enough for `/ok` on a loaded machine, far short of `/slow`.
            let result = await URLVerification.run(selected: selected, pool: pool, verifier: Self.verifier(timeout: .seconds(2)))
            #expect(result.map(\.id) == ["A", "D"])
        }
    }
}
