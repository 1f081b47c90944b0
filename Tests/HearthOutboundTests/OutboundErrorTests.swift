import HearthOutbound
import Testing

struct OutboundErrorTests {
    @Test func codesMatchTheResolverErrorTable() {
        #expect(OutboundError.invalidURL.code == "INVALID_URL")
        #expect(OutboundError.blockedAddress(host: "x").code == "SSRF_BLOCKED")
        #expect(OutboundError.timeout.code == "TIMEOUT")
        #expect(OutboundError.unsupportedContent("text/plain").code == "UNSUPPORTED_CONTENT")
        #expect(OutboundError.tooLarge.code == "UNSUPPORTED_CONTENT")
        for error in [OutboundError.unresolvableHost, .tooManyRedirects, .httpStatus(404), .transport("reset")] {
            #expect(error.code == "BLOCKED_OR_UNAVAILABLE")
        }
    }
}
