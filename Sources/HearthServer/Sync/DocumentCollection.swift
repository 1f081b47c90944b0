import HearthCore
import HearthStore

/// A collection the delta sync endpoints serve: its name, access rule and validation.
public struct DocumentCollection: Sendable {
    public let name: String
    public let rule: any DocumentAccessRule
    /// Largest accepted `data`, serialised.
    public let maxDocumentBytes: Int
    /// Checks (and may normalise) incoming data; throw an ``APIError`` to reject.
    public let validate: @Sendable (JSONValue) throws -> JSONValue
    /// Whether puts of this collection may run beside other pushes on PostgreSQL
    /// (``DocumentWriteIsolation/documents``). Only for rules whose put decides from
    /// documents read through the writer (which locks them) and from app tables that only
    /// exclusive writes change; deletes, and any batch with another collection's
    /// mutations, always run exclusively. Off unless an app says so.
    public let concurrentPuts: Bool
    /// Ids are unique per owner (see ``OwnerScope``): rules see and store the owner-scoped
    /// key, clients send and receive their own id. Only for collections whose documents
    /// are readable by their owner alone (a precondition: the rule must give `access` =
    /// the writer; anyone else pulling would see the owner's key).
    public let ownerScoped: Bool

    public init(
        name: String, rule: any DocumentAccessRule, maxDocumentBytes: Int = 256 * 1024, concurrentPuts: Bool = false,
        ownerScoped: Bool = false, validate: @escaping @Sendable (JSONValue) throws -> JSONValue = { $0 }
    ) {
        self.name = name
        self.rule = rule
        self.maxDocumentBytes = maxDocumentBytes
        self.concurrentPuts = concurrentPuts
        self.ownerScoped = ownerScoped
        self.validate = validate
    }
}

