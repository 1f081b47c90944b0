import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a password comes from: the option, an environment variable, a prompt, or stdin.
enum PasswordPrompt {
    static func resolve(given: String?, environmentVariable: String) throws -> String {
        if let given { return given }
        if let fromEnvironment = ProcessInfo.processInfo.environment[environmentVariable], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        if isatty(STDIN_FILENO) == 1, let typed = getpass("Password: ") {
            return String(cString: typed)
        }
        guard let line = readLine(), !line.isEmpty else {
            throw CommandError("No password given: type it at the prompt, pipe it on stdin, or set \(environmentVariable).")
        }
        return line
    }
}
