import Foundation
import HearthCore
import ListAllKit
import Testing

/// The saved preferences: sort, direction and filter inside the export preferences object
/// (spec §1.4, saved per §10.5).
struct OrganizingPreferencesDocumentTests {
    @Test func encodeMergesOrganisationIntoExportPreferences() {
        let preferences = ListAllPreferences(
            showCrossedOutItems: true, defaultSortOption: .createdAt, defaultSortDirection: .descending,
            defaultFilterOption: .completed, exportPreferences: .object(["format": .string("json")]))
        #expect(
            PreferencesDocument.encode(preferences)
                == .object([
                    "showCrossedOutItems": .bool(true),
                    "exportPreferences": .object([
                        "format": .string("json"),
                        "defaultSortOption": .string("Created Date"),
                        "defaultSortDirection": .string("Descending"),
                        "defaultFilterOption": .string("Crossed Out Only"),
                    ]),
                ]))
    }

    @Test func roundTripKeepsEveryChoice() {
        let cases = [
            ListAllPreferences(),
            ListAllPreferences(
                showCrossedOutItems: true, defaultSortOption: .title, defaultSortDirection: .descending,
                defaultFilterOption: .hasDescription, exportPreferences: .object(["a": .array([.int(1), .null])])),
        ]
        for preferences in cases {
            #expect(PreferencesDocument.decode(PreferencesDocument.encode(preferences)) == preferences)
        }
    }

    @Test func readingStripsTheKeysAndDefaultsUnknownValues() {
        let stored: JSONValue = .object([
            "defaultSortOption": .string("Quantity"),
            "defaultSortDirection": .string("Sideways"),
            "defaultFilterOption": .int(3),
        ])
        let preferences = PreferencesDocument.splitExportPreferences(stored)
        #expect(preferences.defaultSortOption == .quantity)
        #expect(preferences.defaultSortDirection == .ascending)
        #expect(preferences.defaultFilterOption == .active)
        #expect(preferences.exportPreferences == nil)
        #expect(PreferencesDocument.decode(.object([:])) == ListAllPreferences())
        #expect(PreferencesDocument.decode(.null) == ListAllPreferences())
    }

    @Test func newUserPreferences() {
        let preferences = ListAllPreferences()
        #expect(!preferences.showCrossedOutItems && preferences.defaultFilterOption == .active)
        #expect(ItemViewOptions(preferences: preferences) == .newUser)
    }
}
