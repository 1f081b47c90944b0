import HearthCore
import Testing

@testable import KnotServer

/// AWS Signature Version 4 against published vectors.
@Suite struct AmazonRequestSignerTests {
    /// The AWS Signature Version 4 test suite's credentials, region, service and time.
    static let suite = AmazonRequestSigner(
        accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "service")
    static let suiteDate = "20150830T123600Z"
    static let suiteHeaders: [(name: String, value: String)] = [("Host", "example.amazonaws.com"), ("X-Amz-Date", suiteDate)]

    /// AWS test suite `post-vanilla`: `.creq` hash 553f88c9…, `.authz` below.
    @Test func postVanilla() {
        let signed = Self.suite.sign(method: "POST", path: "/", headers: Self.suiteHeaders, payload: [], amzDate: Self.suiteDate)
        #expect(signed.canonicalRequest == """
            POST
            /

            host:example.amazonaws.com
            x-amz-date:20150830T123600Z

            host;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
        #expect(signed.stringToSign == """
            AWS4-HMAC-SHA256
            20150830T123600Z
            20150830/us-east-1/service/aws4_request
            553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87
            """)
        #expect(signed.authorization == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
            + "SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b")
    }

    /// AWS test suite `get-vanilla-query-order-key-case`: parameters sorted by name.
    @Test func getWithQuerySortsParameters() {
        let signed = Self.suite.sign(
            method: "GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")], headers: Self.suiteHeaders, payload: [],
            amzDate: Self.suiteDate)
        #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[2] == "Param1=value1&Param2=value2")
        #expect(signed.signature == "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
    }

    /// AWS test suite `post-header-value-case`: header values keep their case.
    @Test func headerValuesKeepTheirCase() {
        let signed = Self.suite.sign(
            method: "POST", path: "/", headers: Self.suiteHeaders + [("My-Header1", "VALUE1")], payload: [], amzDate: Self.suiteDate)
        #expect(signed.signedHeaders == "host;my-header1;x-amz-date")
        #expect(signed.signature == "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d")
    }

    /// The IAM `ListUsers` example of the AWS "Signature Version 4 signing process" pages
    /// (service `iam`, a content-type header, a query string).
    @Test func iamListUsersExample() {
        let signer = AmazonRequestSigner(
            accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "iam")
        let signed = signer.sign(
            method: "GET", path: "/", query: [("Action", "ListUsers"), ("Version", "2010-05-08")],
            headers: [
                ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), ("Host", "iam.amazonaws.com"),
                ("X-Amz-Date", "20150830T123600Z"),
            ],
            payload: [], amzDate: "20150830T123600Z")
        #expect(signer.signingKey(day: "20150830").withUnsafeBytes { Array($0) }.hexString
            == "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9")
        #expect(signed.signature == "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7")
    }

    /// A PA-API-shaped request. Expected value computed independently with Python's
    /// hmac/hashlib (a straight transcription of the SigV4 steps, which reproduces the AWS
    /// vectors above):
    /// `sign(secret, "20240115T093000Z", "us-east-1", "ProductAdvertisingAPI", "POST",
    ///  "/paapi5/searchitems", "", headers, '{"ItemCount":10}')`.
    @Test func productAdvertisingRequest() {
        let signer = AmazonRequestSigner(
            accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1")
        let signed = signer.sign(
            method: "POST", path: "/paapi5/searchitems",
            headers: [
                ("content-encoding", "amz-1.0"), ("content-type", "application/json; charset=utf-8"),
                ("host", "webservices.amazon.com"), ("x-amz-date", "20240115T093000Z"),
                ("x-amz-target", "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems"),
            ],
            payload: Array(#"{"ItemCount":10}"#.utf8), amzDate: "20240115T093000Z")
        #expect(signed.signedHeaders == "content-encoding;content-type;host;x-amz-date;x-amz-target")
        #expect(signed.signature == "deb3b5b5984dd5165806cb01edf99a9b454d7ebcb69395dd966f23d64e83de5f")
        let credential = "Credential=AKIDEXAMPLE/20240115/us-east-1/ProductAdvertisingAPI/aws4_request, "
        #expect(signed.authorization.hasPrefix("AWS4-HMAC-SHA256 " + credential))
    }

    @Test func headerValuesAreTrimmedAndRepeatedNamesMerged() {
        let headers = AmazonRequestSigner.canonicalHeaders([("X-B", "  a   b  "), ("x-a", "1"), ("X-A", "2")])
        #expect(headers.map(\.name) == ["x-a", "x-b"])
        #expect(headers.map(\.value) == ["1,2", "a b"])
    }

    @Test func amzDateIsCompactUTC() {
        #expect(AmazonRequestSigner.amzDate(Timestamp(millisecondsSince1970: 1_440_938_160_000)) == "20150830T123600Z")
    }
}
