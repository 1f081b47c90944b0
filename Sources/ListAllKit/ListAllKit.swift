// ListAllKit: every platform-independent rule of the ListAll app (spec listall.md) — the
// models, lifecycle rules, validation, images, export and import, ordering, links, the
// watch payload and the app lock — and the offline-first client on HearthClient.
