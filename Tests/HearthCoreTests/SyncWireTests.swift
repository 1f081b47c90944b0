import HearthCore
import Testing

/// The server builds push results by hand on its hot path; clients decode them with
/// `Codable`. Both forms must be the same object.
@Suite struct SyncWireTests {
    static let results: [SyncMutationResult] = [
        SyncMutationResult(mutationID: "m1", status: .applied, id: "item:1", version: 4, seq: 1051),
        SyncMutationResult(mutationID: "m2", status: .applied, id: "item:2"),
        SyncMutationResult(
            mutationID: "m3", status: .conflict, id: "item:3",
            doc: SyncDocument(
                id: "item:3", collection: "items", version: 7, updatedAt: Timestamp(millisecondsSince1970: 1_700_000_000_123),
                clientUpdatedAt: Timestamp(millisecondsSince1970: 1_700_000_000_000), deleted: false, data: ["title": "Kettle"])),
        SyncMutationResult(
            mutationID: "m4", status: .rejected, id: nil, code: HearthErrorCode(rawValue: "FORBIDDEN"), message: "You cannot"),
    ]

    @Test(arguments: results)
    func aHandBuiltPushResultEqualsItsCodableEncoding(result: SyncMutationResult) throws {
        #expect(result.jsonValue == (try JSONValueEncoder().encode(result)))
        #expect(try JSONValueDecoder().decode(SyncMutationResult.self, from: result.jsonValue) == result)
    }
}
