/// The avatar every new account gets (spec §7.1): the iOS app recognises it by content,
/// and OAuth sign-in replaces an avatar only while it is still this one.
enum DefaultAvatar {
    static let dataURL =
        "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMDAiIGhlaWdodD0iMTAwIiB2aWV3Qm94PSIwIDAgMTAwIDEwMCI+PGNpcmNsZSBjeD0iNTAiIGN5PSI1MCIgcj0iNTAiIGZpbGw9IiM2MzY2ZjEiLz48Y2lyY2xlIGN4PSI1MCIgY3k9IjM2IiByPSIxNiIgZmlsbD0id2hpdGUiLz48cGF0aCBkPSJNNTAgNTZjLTE4IDAtMzIgMTAtMzIgMjJ2MjJoNjR2LTIyYzAtMTItMTQtMjItMzItMjJ6IiBmaWxsPSJ3aGl0ZSIvPjwvc3ZnPgo="
}
