import Foundation

/// What an import changed in the existing data; informational only, since the incoming
/// data always wins (spec §3.7).
public struct ConflictDetail: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case listModified, itemModified, listDeleted, itemDeleted
    }

    public var type: Kind
    /// Name or title of the existing entity.
    public var entityName: String
    public var entityId: UUID
    public var currentValue: String?
    public var incomingValue: String?
    public var message: String

    public init(
        type: Kind, entityName: String, entityId: UUID, currentValue: String?, incomingValue: String?, message: String
    ) {
        self.type = type
        self.entityName = entityName
        self.entityId = entityId
        self.currentValue = currentValue
        self.incomingValue = incomingValue
        self.message = message
    }
}

/// The outcome counts of a finished import (spec §3.7).
public struct ImportResult: Sendable, Hashable {
    public var listsCreated: Int
    public var listsUpdated: Int
    public var itemsCreated: Int
    public var itemsUpdated: Int
    public var errors: [String]
    public var conflicts: [ConflictDetail]

    public init(
        listsCreated: Int = 0, listsUpdated: Int = 0, itemsCreated: Int = 0, itemsUpdated: Int = 0,
        errors: [String] = [],
        conflicts: [ConflictDetail] = []
    ) {
        self.listsCreated = listsCreated
        self.listsUpdated = listsUpdated
        self.itemsCreated = itemsCreated
        self.itemsUpdated = itemsUpdated
        self.errors = errors
        self.conflicts = conflicts
    }

    public var wasSuccessful: Bool { errors.isEmpty }
    public var totalChanges: Int { listsCreated + listsUpdated + itemsCreated + itemsUpdated }
    public var hasConflicts: Bool { !conflicts.isEmpty }

    /// `Successfully imported 2 lists and 3 items (updated 1 existing)⏎1 conflicts resolved`.
    public var successMessage: String {
        var message =
            "Successfully imported \(listsCreated) \(listsCreated == 1 ? "list" : "lists")"
            + " and \(itemsCreated) \(itemsCreated == 1 ? "item" : "items")"
        let updated = listsUpdated + itemsUpdated
        if updated > 0 { message += " (updated \(updated) existing)" }
        if hasConflicts { message += "\n\(conflicts.count) conflicts resolved" }
        return message
    }

    /// `Import completed with errors:⏎<errors joined with LF>`.
    public var failureMessage: String { ImportMessages.importFailed(errors) }

    /// The success text, or the failure text when there were errors.
    public var displayMessage: String { wasSuccessful ? successMessage : failureMessage }
}

/// What an import would do, without doing it (spec §3.7). The counts equal the real result.
public struct ImportPreview: Sendable, Hashable {
    public var listsToCreate: Int
    public var listsToUpdate: Int
    public var itemsToCreate: Int
    public var itemsToUpdate: Int
    public var conflicts: [ConflictDetail]
    /// Validation failures (as their display texts) and the errors the import would report.
    public var errors: [String]

    public init(
        listsToCreate: Int = 0, listsToUpdate: Int = 0, itemsToCreate: Int = 0, itemsToUpdate: Int = 0,
        conflicts: [ConflictDetail] = [], errors: [String] = []
    ) {
        self.listsToCreate = listsToCreate
        self.listsToUpdate = listsToUpdate
        self.itemsToCreate = itemsToCreate
        self.itemsToUpdate = itemsToUpdate
        self.conflicts = conflicts
        self.errors = errors
    }

    public var totalChanges: Int { listsToCreate + listsToUpdate + itemsToCreate + itemsToUpdate }
    public var hasConflicts: Bool { !conflicts.isEmpty }
    public var isValid: Bool { errors.isEmpty }

    /// `Preview failed:⏎<errors joined with LF>`.
    public var failureMessage: String { ImportMessages.previewFailed(errors) }
}

/// The fixed texts of the import screen (spec §3.7).
public enum ImportMessages {
    public static let emptyInput = "Please enter JSON data to import"

    public static func previewFailed(_ errors: [String]) -> String {
        "Preview failed:\n" + errors.joined(separator: "\n")
    }

    public static func importFailed(_ errors: [String]) -> String {
        "Import completed with errors:\n" + errors.joined(separator: "\n")
    }
}
