extension OutboundProxy {
    /// Bounds on what browser connections may cost. Timeouts for resolution and
    /// connecting come from the ``OutboundPolicy`` (`connectTimeout`).
    public struct Limits: Sendable {
        /// Browser connections served at once; the next one is answered `503`.
        public var maxConnections = 64
        /// Bytes a client may send before its connection becomes a relay: the request line
        /// and headers, and anything sent while the destination is being checked.
        public var maxHeaderBytes = 16 * 1024
        /// A connection or tunnel with no traffic either way for this long is closed.
        public var idleTimeout: Duration = .seconds(60)

        public init(maxConnections: Int = 64, maxHeaderBytes: Int = 16 * 1024, idleTimeout: Duration = .seconds(60)) {
            self.maxConnections = maxConnections
            self.maxHeaderBytes = maxHeaderBytes
            self.idleTimeout = idleTimeout
        }
    }
}
