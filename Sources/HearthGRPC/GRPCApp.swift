import GRPCCore
import GRPCNIOTransportHTTP2
import HearthServer

/// An app that also serves gRPC services. `hearth serve` runs one ``GRPCListener`` on
/// `--grpc-port` for every enabled app of this kind; each app brings its services and
/// the interceptors that apply to them (authentication, say).
public protocol GRPCApp: HearthApp {
    /// The app's gRPC services, built over its platform services.
    func grpcServices(services: AppServices) -> [any RegistrableRPCService]

    /// Interceptors for the app's own services, outermost first. They run only for RPCs of
    /// the services returned by ``grpcServices(services:)``.
    func grpcInterceptors(services: AppServices) -> [any ServerInterceptor]
}

extension GRPCApp {
    public func grpcInterceptors(services: AppServices) -> [any ServerInterceptor] { [] }
}

/// The services and interceptors of one gRPC app, ready for a ``GRPCListener``.
public struct GRPCAppMount: Sendable {
    public let appName: String
    public let services: [any RegistrableRPCService]
    public let interceptors: [any ServerInterceptor]

    public init(appName: String, services: [any RegistrableRPCService], interceptors: [any ServerInterceptor]) {
        self.appName = appName
        self.services = services
        self.interceptors = interceptors
    }

    /// `app`'s mount over `services`.
    public init(app: any GRPCApp, services: AppServices) {
        self.init(appName: app.name, services: app.grpcServices(services: services), interceptors: app.grpcInterceptors(services: services))
    }

    /// Each interceptor applied to this app's services only, so apps sharing a listener
    /// never run each other's interceptors.
    var pipeline: [ConditionalInterceptor<any ServerInterceptor>] {
        let descriptors = services.flatMap { service -> [ServiceDescriptor] in
            var router = RPCRouter<HTTP2ServerTransport.Posix>()
            service.registerMethods(with: &router)
            return Array(Set(router.methods.map(\.service)))
        }
        let targets = Set(descriptors)
        return interceptors.map { .apply($0, to: .services(targets)) }
    }
}
