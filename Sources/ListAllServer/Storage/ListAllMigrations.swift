import HearthStore

/// ListAll's own table (prefix `la_`): which live item belongs to which list and which
/// live image to which item, so a list deletion reaches its items and images, and the
/// image limit per item is one indexed count. Keys are the document table's
/// (owner-scoped) ids.
enum ListAllMigrations {
    static let all: [Migration] = [
        Migration(
            module: "la", version: 1, name: "children of lists and items",
            sql: [
                "CREATE TABLE la_children (doc_id TEXT PRIMARY KEY, parent_id TEXT NOT NULL, collection TEXT NOT NULL)",
                "CREATE INDEX la_children_by_parent ON la_children (parent_id)",
            ])
    ]
}
