/// A test certificate authority and a leaf for `pinned.invalid` signed by it (P-256, valid
/// until 2126), made once with openssl. Test-only keys: they protect nothing.
enum TestCertificates {
    static let authority = """
    -----BEGIN CERTIFICATE-----
    MIIBqjCCAVGgAwIBAgIUMvReF7lnOKtLHS99rkIsRwS7QIIwCgYIKoZIzj0EAwIw
    IjEgMB4GA1UEAwwXSGVhcnRoIE91dGJvdW5kIFRlc3QgQ0EwIBcNMjYxMTIyMTcx
    MzA4WhgPMjEyNjEwMjkxNzEzMDhaMCIxIDAeBgNVBAMMF0hlYXJ0aCBPdXRib3Vu
    ZCBUZXN0IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEO2eQfClCJdOu/lMZ
    n2N4ztUbDSZ5rVU9efzUncO753qBFSdZsSn/vHcskgeDZkqloVTOpVBY4u88317a
    UQMHz6NjMGEwHQYDVR0OBBYEFLkG/30237Rr6/zVNPEA1w/xE6gjMB8GA1UdIwQY
    MBaAFLkG/30237Rr6/zVNPEA1w/xE6gjMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0P
    AQH/BAQDAgEGMAoGCCqGSM49BAMCA0cAMEQCIAua5yIxdRVDjwD8SdC13FFiN9Dd
    EVvOXatFd18mmqbNAiAXOPwhlra8kosq0JD3vlTdcNW2Sx2TvN8YtdVr4NQqLw==
    -----END CERTIFICATE-----
    """

    static let pinnedInvalid = """
    -----BEGIN CERTIFICATE-----
    MIIBzzCCAXSgAwIBAgIUYFumVoNvoy6k+MHSrCPTw0gwW50wCgYIKoZIzj0EAwIw
    IjEgMB4GA1UEAwwXSGVhcnRoIE91dGJvdW5kIFRlc3QgQ0EwIBcNMjYxMTIyMTcx
    MzA4WhgPMjEyNjEwMjkxNzEzMDhaMBkxFzAVBgNVBAMMDnBpbm5lZC5pbnZhbGlk
    MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEACqP+lDVQWAPrHo1SJzXbVLwfl5Y
    fh9nTHbT7YVeNNR6LKJ8A3cQAf0AhwZ4ikHedoGHJj92ZBcfJCpKvnButaOBjjCB
    izAJBgNVHRMEAjAAMA4GA1UdDwEB/wQEAwIHgDATBgNVHSUEDDAKBggrBgEFBQcD
    ATAZBgNVHREEEjAQgg5waW5uZWQuaW52YWxpZDAdBgNVHQ4EFgQUPRQKeqwprcGA
    NSnYsFOqwTLrbL8wHwYDVR0jBBgwFoAUuQb/fTbftGvr/NU08QDXD/ETqCMwCgYI
    KoZIzj0EAwIDSQAwRgIhAMNlQlAxbdVrz7NcQmzCRioylCncaGn/on3d6pU/CHuS
    AiEAuKoVBaqnFCW3aQ50apLqKd5Hawz918a8t3jjvVToxlk=
    -----END CERTIFICATE-----
    """

    static let pinnedInvalidKey = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgs/rr/YpM2aHWJK8T
    lHjL9VuShctNMCXd9GAucaEjgQKhRANCAAQAKo/6UNVBYA+sejVInNdtUvB+Xlh+
    H2dMdtPthV401HosonwDdxAB/QCHBniKQd52gYcmP3ZkFx8kKkq+cG61
    -----END PRIVATE KEY-----
    """
}
