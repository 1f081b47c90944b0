/// What every connection of one proxy shares: the policy, the resolver, the limits and
/// where refusals are counted.
struct ProxySettings: Sendable {
    let policy: OutboundPolicy
    let resolver: any HostResolver
    let limits: OutboundProxy.Limits
    let recorder: ProxyRefusalRecorder
}
