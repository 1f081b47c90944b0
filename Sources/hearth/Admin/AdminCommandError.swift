import ArgumentParser
import Foundation
import HearthServer

/// A failure of a `hearth admin` command, said in words for the operator.
struct AdminCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

extension AdminCommandError {
    /// Prints what went wrong on standard error and returns the exit code to throw.
    static func exit(_ error: any Error, context: String) -> Error {
        let message: String
        switch error {
        case let error as AdminCommandError: message = error.description
        case let error as AdminFailure: message = error.description
        case let error as APIError: message = error.message
        default: return CommandFailure.exit(error, context: context)
        }
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode.failure
    }
}
