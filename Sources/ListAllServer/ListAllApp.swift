import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// ListAll on Hearth: accounts on the platform's auth core and Hearth delta sync of one
/// person's lists, items, images and preferences between their devices (the original
/// synced only through iCloud, between Apple devices).
public struct ListAllApp: HearthApp {
    public let name = "listall"
    public let displayName = "ListAll"
    public let summary = "Lists with rich import and export, synced between one person's devices."
    public let apiDocument: APIDocument? = APIDocument(resourceOf: "ListAllServer")

    public init() {}

    public var migrations: [Migration] { ListAllMigrations.all }

    public func collections(services: AppServices) -> [DocumentCollection] {
        ListAllCollection.allCases.map { collection in
            DocumentCollection(
                name: collection.rawValue, rule: ListAllAccessRule(collection: collection),
                maxDocumentBytes: collection.maxDocumentBytes, ownerScoped: true,
                validate: { data in try ListAllDocumentShape(collection: collection).validated(data) })
        }
    }

    public func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        routes.get("api/v1/status") { _, _ in Response.json(["app": "listall", "version": .string(HearthVersion.current)]) }
        PasswordAuthRoutes(services: services).register(on: routes.group("api/v1/auth"))
    }

    public func administration(services: AppServices) -> (any AccountAdministration)? {
        ListAllAdministration(services: services)
    }
}
