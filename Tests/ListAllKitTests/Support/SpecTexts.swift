/// Expected texts of spec §8 that several suites compare with, byte for byte.
enum SpecTexts {
    /// T-E01: fixture F exported as JSON with the default options.
    static let exportOfFixtureF = #"""
        {
          "exportDate" : "2025-01-16T08:00:00Z",
          "lists" : [
            {
              "createdAt" : "2025-01-15T10:30:00Z",
              "id" : "11111111-1111-1111-1111-111111111111",
              "isArchived" : false,
              "items" : [
                {
                  "createdAt" : "2025-01-15T10:31:00Z",
                  "description" : "2% low fat",
                  "id" : "22222222-2222-2222-2222-222222222221",
                  "images" : [

                  ],
                  "isCrossedOut" : false,
                  "modifiedAt" : "2025-01-15T10:32:00Z",
                  "orderNumber" : 0,
                  "quantity" : 2,
                  "title" : "Milk"
                },
                {
                  "createdAt" : "2025-01-15T10:33:00Z",
                  "description" : "",
                  "id" : "22222222-2222-2222-2222-222222222222",
                  "images" : [
                    {
                      "createdAt" : "2025-01-15T10:35:00Z",
                      "id" : "44444444-4444-4444-4444-444444444444",
                      "imageData" : "\/9j\/2Q==",
                      "orderNumber" : 0
                    }
                  ],
                  "isCrossedOut" : true,
                  "modifiedAt" : "2025-01-15T10:34:00Z",
                  "orderNumber" : 1,
                  "quantity" : 1,
                  "title" : "Bread"
                }
              ],
              "modifiedAt" : "2025-01-15T10:30:00Z",
              "name" : "Groceries",
              "orderNumber" : 0
            },
            {
              "createdAt" : "2025-01-14T08:00:00Z",
              "id" : "33333333-3333-3333-3333-333333333333",
              "isArchived" : false,
              "items" : [

              ],
              "modifiedAt" : "2025-01-14T09:00:00Z",
              "name" : "Empty",
              "orderNumber" : 1
            }
          ],
          "version" : "1.0"
        }
        """#
}
