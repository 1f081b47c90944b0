import HearthCore

/// Answer of `GET products/lookup/:upc`: the product when the catalogue or the product
/// database knows the code.
struct LookupAnswer: Sendable {
    var product: Product?

    init(_ body: JSONValue) {
        product = body["found"]?.looseBool == true ? body["product"].flatMap(Product.init(row:)) : nil
    }
}
