import HearthServer
import Hummingbird
import NIOCore

/// What a recommendation link shows on a device without the app (spec §5.9): a dark purple
/// page naming Knot, saying the app is coming to the App Store, and quoting the first eight
/// characters of the id. Looks nothing up, so it says nothing about whether the id exists.
enum RecommendationFallbackPage {
    static func response(recommendationID: String) -> Response {
        let reference = HTMLText.escaped(String(recommendationID.prefix(8))) + "…"
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Knot</title>
            <style>
            body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
            background:linear-gradient(180deg,rgb(26,13,41),rgb(13,5,26));color:#f4eefa;
            font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",sans-serif;text-align:center}
            main{padding:2rem;max-width:28rem}h1{font-size:2.5rem;margin:0 0 .5rem;color:#ff6fae}
            a{color:#ff6fae}.ref{opacity:.6;font-size:.85rem;margin-top:2rem}
            </style></head>
            <body><main>
            <h1>Knot</h1>
            <p>Someone shared an idea with you. Open it in the Knot app, coming soon to the
            <a href="https://apps.apple.com/">App Store</a>.</p>
            <p class="ref">Recommendation \(reference)</p>
            </main></body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
