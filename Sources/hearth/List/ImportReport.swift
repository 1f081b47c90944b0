import Foundation
import HearthCore
import ListAllKit

/// How `hearth list import` reports a preview or a result.
enum ImportReport {
    static func text(_ preview: ImportPreview) -> String {
        var lines = [
            "Would create \(preview.listsToCreate) lists and \(preview.itemsToCreate) items, and update \(preview.listsToUpdate) lists and \(preview.itemsToUpdate) items."
        ]
        lines += preview.conflicts.map { "  \($0.message)" }
        if !preview.isValid { lines.append(ImportMessages.previewFailed(preview.errors)) }
        return lines.joined(separator: "\n")
    }

    static func json(_ preview: ImportPreview) -> JSONValue {
        [
            "listsToCreate": .int(Int64(preview.listsToCreate)), "listsToUpdate": .int(Int64(preview.listsToUpdate)),
            "itemsToCreate": .int(Int64(preview.itemsToCreate)), "itemsToUpdate": .int(Int64(preview.itemsToUpdate)),
            "conflicts": .array(preview.conflicts.map(json)), "errors": .array(preview.errors.map(JSONValue.string)),
        ]
    }

    static func json(_ result: ImportResult) -> JSONValue {
        [
            "listsCreated": .int(Int64(result.listsCreated)), "listsUpdated": .int(Int64(result.listsUpdated)),
            "itemsCreated": .int(Int64(result.itemsCreated)), "itemsUpdated": .int(Int64(result.itemsUpdated)),
            "conflicts": .array(result.conflicts.map(json)), "errors": .array(result.errors.map(JSONValue.string)),
            "message": .string(result.displayMessage),
        ]
    }

    static func json(_ conflict: ConflictDetail) -> JSONValue {
        ["type": .string(conflict.type.rawValue), "entityName": .string(conflict.entityName), "message": .string(conflict.message)]
    }
}
