/// Documents and responses in the exact shapes of the spec (§2.2, §5.1, §5.3, §7).
enum SpecFixtures {
    /// As written by the original server: microsecond timestamps with `+00:00`.
    static let wishlist = """
        {"_id": "wishlist:9a1b2c3d-0000-4000-8000-000000000001", "_rev": "3-0123456789abcdef0123456789abcdef",
         "type": "wishlist", "owner_id": "user:11111111-1111-4111-8111-111111111111", "name": "Birthday",
         "description": null, "access": ["user:11111111-1111-4111-8111-111111111111", "user:22222222-2222-4222-8222-222222222222"],
         "created_at": "2025-03-04T10:15:30.123456+00:00", "updated_at": "2025-03-04T10:15:30+00:00"}
        """

    /// A legacy item: boolean quantity, no status, a source URL, fields the client ignores.
    static let legacyItem = """
        {"_id": "item:0f0e0d0c-0000-4000-8000-000000000002", "_rev": "7-aaaabbbbccccddddeeeeffff00001111",
         "type": "item", "wishlist_id": "wishlist:9a1b2c3d-0000-4000-8000-000000000001",
         "owner_id": "user:11111111-1111-4111-8111-111111111111", "title": "ozon.ru", "quantity": true,
         "source_url": "https://www.ozon.ru/product/123", "skip_resolution": false, "claimed_by": null,
         "access": ["user:11111111-1111-4111-8111-111111111111"], "created_at": "2025-03-04T10:15:30.123Z"}
        """

    static let resolvedItem = """
        {"_id": "item:0f0e0d0c-0000-4000-8000-000000000003", "type": "item",
         "wishlist_id": "wishlist:9a1b2c3d-0000-4000-8000-000000000001",
         "owner_id": "user:11111111-1111-4111-8111-111111111111", "title": "Kettle", "description": "Steel, 1.7 l",
         "price": 2990, "currency": "RUB", "quantity": 2, "status": "resolved", "resolve_confidence": 0.92,
         "image_base64": "data:image/jpeg;base64,/9j/", "resolved_at": "2025-03-04T10:16:01.000001+00:00",
         "access": [], "created_at": "2025-03-04T10:15:30Z", "updated_at": "2025-03-04T10:16:01.000001+00:00"}
        """

    static let mark = """
        {"_id": "mark:5e5e5e5e-0000-4000-8000-000000000004", "type": "mark",
         "item_id": "item:0f0e0d0c-0000-4000-8000-000000000003",
         "wishlist_id": "wishlist:9a1b2c3d-0000-4000-8000-000000000001",
         "owner_id": "user:11111111-1111-4111-8111-111111111111", "marked_by": "user:22222222-2222-4222-8222-222222222222",
         "quantity": 1, "access": ["user:22222222-2222-4222-8222-222222222222"], "created_at": "2025-03-05T08:00:00Z"}
        """

    /// A share as stored by the original server: no `updated_at`.
    static let share = """
        {"_id": "share:3f0c0000-0000-4000-8000-000000000005", "_rev": "1-00000000000000000000000000000000",
         "type": "share", "wishlist_id": "wishlist:9a1b2c3d-0000-4000-8000-000000000001",
         "owner_id": "user:11111111-1111-4111-8111-111111111111", "token": "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY",
         "link_type": "view", "expires_at": null, "access_count": 0, "revoked": false, "granted_users": [],
         "access": ["user:11111111-1111-4111-8111-111111111111"], "created_at": "2025-03-04T10:15:30.123456+00:00"}
        """

    /// A legacy bookmark: no `wishlist_id`, no `updated_at`, no cached display values.
    static let legacyBookmark = """
        {"_id": "bookmark:7b7b7b7b-0000-4000-8000-000000000006", "type": "bookmark",
         "user_id": "22222222-2222-4222-8222-222222222222", "share_id": "share:3f0c0000-0000-4000-8000-000000000005",
         "last_accessed_at": "2025-03-04T10:20:00.5+00:00", "access": ["22222222-2222-4222-8222-222222222222"],
         "created_at": "2025-03-04T10:20:00.500000+00:00"}
        """

    /// An original-server pull of the user's own document, secrets included.
    static let user = """
        {"_id": "user:11111111-1111-4111-8111-111111111111", "_rev": "12-ffffffffffffffffffffffffffffffff", "type": "user",
         "email": "anna@example.com", "password_hash": "$2b$12$abcdefghijklmnopqrstuv",
         "refresh_tokens": [{"token_hash": "00", "device_info": null, "expires_at": "2025-04-03T10:15:30+00:00",
                             "revoked": false, "created_at": "2025-03-04T10:15:30+00:00"}],
         "name": "Anna", "avatar_base64": null, "bio": null, "public_url_slug": null, "locale": "ru",
         "birthday": "1990-05-17", "access": ["user:11111111-1111-4111-8111-111111111111"],
         "created_at": "2025-03-04T10:15:30.123456+00:00", "updated_at": "2025-03-04T10:15:30.123456+00:00"}
        """

    /// §2.2 register/login answer, with the §2.7 user object.
    static let authResponse = """
        {"user": {"id": "user:11111111-1111-4111-8111-111111111111", "email": "anna@example.com", "name": "Anna",
                  "bio": null, "public_url_slug": null, "social_links": null, "locale": "ru", "birthday": null,
                  "avatar_base64": "data:image/svg+xml;base64,PHN2Zz4=",
                  "created_at": "2025-03-04T10:15:30.123456+00:00", "updated_at": "2025-03-04T10:15:30.123456+00:00"},
         "access_token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyOjEiLCJleHAiOjE3NDEwODM0MzB9.c2ln",
         "refresh_token": "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c", "token_type": "bearer", "expires_in": 900}
        """

    /// §5.1 share creation answer: bare UUIDs, `Z` timestamps with microseconds.
    static let shareLinkResponse = """
        {"id": "3f0c0000-0000-4000-8000-000000000005", "wishlist_id": "9a1b2c3d-0000-4000-8000-000000000001",
         "token": "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY", "link_type": "mark",
         "expires_at": "2025-04-03T10:15:30.123456Z", "access_count": 0,
         "created_at": "2025-03-04T10:15:30.123456Z", "share_url": "https://wishwith.me/s/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY"}
        """
}
