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
    public var addedToGrocery: Bool

    init(_ body: JSONValue) {
        success = body["success"]?.looseBool ?? false
        message = body["message"]?.stringValue ?? body["error"]?.stringValue ?? (success ? "Checked out" : "Checkout failed")
        productName = body["productName"]?.stringValue ?? body["product"]?["name"]?.stringValue
        newQuantity = body["newQuantity"]?.looseInt
        itemDeleted = body["itemDeleted"]?.looseBool ?? false
        inventoryItemID = body["inventoryItem"]?["id"]?.stringValue
        addedToGrocery = body["addedToGrocery"]?.looseBool ?? false
    }

    /// Why a `success:false` answer failed, as a stable code for the rejection log.
    var failureCode: String {
        body404 ? "PRODUCT_NOT_FOUND" : "NOT_IN_STOCK"
    }

    private var body404: Bool { message.lowercased().contains("product not found") }
}
