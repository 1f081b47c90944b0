import HearthTesting
import Hummingbird
import NIOCore

/// Pages on a loopback server that exercise the settle logic of the renderer.
struct FixtureSite: Sendable {
    let port: Int
    /// One element per request of `/beacon`: proof that a page's script is running.
    let beacons: AsyncStream<Void>
    var origin: String { "http://127.0.0.1:\(port)" }

    static let productTitle = "Hearth Kettle 3000"

    /// The product title arrives only after a timer and a (slow) fetch, so a renderer that
    /// snapshots at DOMContentLoaded or at the load event sees "Loading…" instead.
    static let productPage = """
        <!doctype html><html><head><title>Loading…</title></head><body>
        <h1 id="title">Loading…</h1>
        <script>
        setTimeout(() => {
          fetch('/data.json').then(r => r.json()).then(d => {
            document.getElementById('title').textContent = d.title;
            document.title = d.title;
            const p = document.createElement('p'); p.className = 'price'; p.textContent = d.price; document.body.appendChild(p);
          });
        }, 300);
        </script></body></html>
        """

    /// Adds a node every 50 ms forever: the DOM never becomes stable.
    static let restlessPage = """
        <!doctype html><html><head><title>Ticker</title></head><body>
        <script>setInterval(() => { const d = document.createElement('div'); d.textContent = 'tick'; document.body.appendChild(d); }, 50);</script>
        </body></html>
        """

    /// Calls home once its script runs, then never settles: a render of it is in flight
    /// for the whole page budget.
    static let beaconPage = """
        <!doctype html><html><head><title>Beacon</title></head><body>
        <script>fetch('/beacon'); setInterval(() => document.body.appendChild(document.createElement('i')), 50);</script>
        </body></html>
        """

    static func run<T: Sendable>(_ body: @Sendable (FixtureSite) async throws -> T) async throws -> T {
        let router = Router()
        router.get("product") { _, _ in html(productPage) }
        router.get("restless") { _, _ in html(restlessPage) }
        router.get("beacon-page") { _, _ in html(beaconPage) }
        let (beacons, beaconContinuation) = AsyncStream.makeStream(of: Void.self)
        router.get("beacon") { _, _ in
            beaconContinuation.yield()
            return Response(status: .noContent)
        }
        router.get("data.json") { _, _ in
            try await Task.sleep(for: .milliseconds(200))
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"title": "\#(productTitle)", "price": "1 990 ₽"}"#)))
        }
        return try await LoopbackHTTPServer.run(router) { port in try await body(FixtureSite(port: port, beacons: beacons)) }
    }

    private static func html(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
