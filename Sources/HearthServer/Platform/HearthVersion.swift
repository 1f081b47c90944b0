/// The version of this build of Hearth, shown by `hearth --version`, the start banner and
/// the home page.
public enum HearthVersion {
    public static let current = "0.7.0"
}
