import HearthCore

/// Answer of `POST checkout/scan` (spec §2.6). A scan the server cannot fulfil is a 200
/// with `success:false` (unknown product, or none in stock).
public struct CheckoutAnswer: Sendable, Hashable {
    public var success: Bool
    public var message: String
    public var productName: String?
    public var newQuantity: Int?
    public var itemDeleted: Bool
    /// The stock row the server consumed, when it still exists.
    public var inventoryItemID: String?
    /// The stock row the server consumed, also when it was deleted (`inventoryId`).
    public var consumedItemID: String?
    /// `false` when no product has the UPC; `nil` when the answer does not say.
    public var productFound: Bool?
    public var addedToGrocery: Bool

    init(_ body: JSONValue) {
        success = body["success"]?.looseBool ?? false
        message = body["message"]?.stringValue ?? body["error"]?.stringValue ?? (success ? "Checked out" : "Checkout failed")
        productName = body["productName"]?.stringValue ?? body["product"]?["name"]?.stringValue
        newQuantity = body["newQuantity"]?.looseInt
        itemDeleted = body["itemDeleted"]?.looseBool ?? false
        inventoryItemID = body["inventoryItem"]?["id"]?.stringValue
        consumedItemID = body["inventoryId"]?.stringValue
        productFound = body["found"]?.looseBool
        addedToGrocery = body["addedToGrocery"]?.looseBool ?? false
    }

    /// Why a `success:false` answer failed, as a stable code for the rejection log.
    var failureCode: String {
        productIsUnknown ? "PRODUCT_NOT_FOUND" : "NOT_IN_STOCK"
    }

    /// By `found:false`; an answer without `found` by its message (older servers).
    private var productIsUnknown: Bool { productFound.map { !$0 } ?? message.lowercased().contains("product not found") }
}
