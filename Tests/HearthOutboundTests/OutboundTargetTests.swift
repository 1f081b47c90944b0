import Testing

@testable import HearthOutbound

struct OutboundTargetTests {
    let policy = OutboundPolicy()

    @Test(arguments: [
        "ftp://example.com/file", "javascript:alert(1)", "file:///etc/passwd", "gopher://example.com/",
        "data:text/html,hi", "unix:///var/run/docker.sock", "http+unix://%2Fvar%2Frun%2Fdocker.sock/",
        "http:///path", "http://", "https:", "example.com/page", "//example.com/page", "",
        "http://a@b.example/", "http://user:secret@example.com/", "http://:secret@example.com/",
        "http://exa mple.com/", "http://example.com:0/", "http://example.com:99999/",
        "http://[fe80::1%25eth0]/", "http://[::1/", "http://ex!ample.com/", "http://ex$ample.com/", "http://host..example/",
        "http://.example.com/", "http://ex%00ample.com/",
    ])
    func rejectsInvalidURL(_ url: String) {
        #expect(throws: OutboundError.invalidURL) { try OutboundTarget(url, policy: policy) }
    }

    @Test func rejectsURLsOverTheLengthLimit() throws {
        let prefix = "https://example.com/"
        let fits = prefix + String(repeating: "a", count: 2048 - prefix.utf8.count)
        #expect(try OutboundTarget(fits, policy: policy).url == fits)
        #expect(throws: OutboundError.invalidURL) { try OutboundTarget(fits + "a", policy: policy) }
    }

    /// Shorthand IPv4 spellings that `getaddrinfo` would turn into 127.0.0.1 and friends.
    @Test(arguments: [
        "http://2130706433/", "http://0177.0.0.1/", "http://0x7f.1/", "http://0x7f000001/",
        "http://127.1/", "http://017700000001/", "http://127.0.0.01/", "http://1.2.3.4.5/",
        "http://0x7F.0.0.1/", "http://3232235777/", "http://0/", "http://shop.0x1/", "http://127.0.0.1./",
    ])
    func rejectsNonCanonicalNumericHosts(_ url: String) {
        #expect(throws: OutboundError.invalidURL) { try OutboundTarget(url, policy: policy) }
    }

    @Test(arguments: [
        ("http://localhost/", "localhost"), ("http://LOCALHOST./x", "localhost"),
        ("http://%6c%6fcalhost/", "localhost"), ("http://api.localhost/", "api.localhost"),
        ("http://printer.local/", "printer.local"), ("http://metadata.google.internal/", "metadata.google.internal"),
        ("http://router.home.arpa/", "router.home.arpa"), ("http://box.localdomain/", "box.localdomain"),
        ("http://intranet/", "intranet"), ("https://redis:6379/", "redis"),
    ])
    func refusesLocalNamesWithoutResolving(_ url: String, host: String) {
        #expect(throws: OutboundError.blockedAddress(host: host)) { try OutboundTarget(url, policy: policy) }
    }

    @Test func acceptsOrdinaryURLs() throws {
        let shop = try OutboundTarget("HTTPS://Shop.Example.COM:8443/item?id=1#reviews", policy: policy)
        #expect(shop.scheme == "https")
        #expect(shop.host == "Shop.Example.COM")
        #expect(shop.port == 8443)
        #expect(shop.literal == nil)

        let plain = try OutboundTarget("http://example.com", policy: policy)
        #expect(plain.port == 80)

        let v4 = try OutboundTarget("http://93.184.216.34/", policy: policy)
        #expect(v4.literal == IPAddress("93.184.216.34"))

        let v6 = try OutboundTarget("https://[2606:4700:4700::1111]/", policy: policy)
        #expect(v6.host == "2606:4700:4700::1111")
        #expect(v6.literal == IPAddress("2606:4700:4700::1111"))
        #expect(v6.port == 443)
    }

    @Test func allowListSkipsNameChecksOnlyForListedHosts() throws {
        var testing = OutboundPolicy()
        testing.allowedPrivateHosts = ["LocalHost"]
        #expect(try OutboundTarget("http://localhost:8080/", policy: testing).isAllowListed)
        #expect(throws: OutboundError.blockedAddress(host: "api.localhost")) {
            try OutboundTarget("http://api.localhost/", policy: testing)
        }
        #expect(try !OutboundTarget("http://127.0.0.1/", policy: testing).isAllowListed)
    }

    @Test func resolvesRedirectTargets() throws {
        let base = try OutboundTarget("https://shop.example/a/b/item?x=1", policy: policy)
        #expect(try base.redirected(to: "/c", policy: policy).url == "https://shop.example/c")
        #expect(try base.redirected(to: "../d", policy: policy).url == "https://shop.example/a/d")
        #expect(try base.redirected(to: "e?y=2", policy: policy).url == "https://shop.example/a/b/e?y=2")
        #expect(try base.redirected(to: "//cdn.example/img", policy: policy).url == "https://cdn.example/img")
        #expect(try base.redirected(to: "http://other.example/", policy: policy).url == "http://other.example/")
        #expect(throws: OutboundError.invalidURL) { try base.redirected(to: "ftp://shop.example/", policy: policy) }
        #expect(throws: OutboundError.invalidURL) { try base.redirected(to: "http://u@shop.example/", policy: policy) }
        #expect(throws: OutboundError.blockedAddress(host: "localhost")) {
            try base.redirected(to: "http://localhost/admin", policy: policy)
        }
    }

    @Test func schemesCanBeNarrowedButNotWidened() throws {
        var httpsOnly = OutboundPolicy()
        httpsOnly.allowedSchemes = ["https"]
        #expect(throws: OutboundError.invalidURL) { try OutboundTarget("http://example.com/", policy: httpsOnly) }

        var wider = OutboundPolicy()
        wider.allowedSchemes = ["http", "https", "ftp", "unix"]
        #expect(throws: OutboundError.invalidURL) { try OutboundTarget("ftp://example.com/", policy: wider) }
    }
}
