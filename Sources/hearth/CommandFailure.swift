import ArgumentParser
import Foundation
import HearthServer
import HearthStore
import NIOCore

/// Prints one line saying what went wrong and what to do, then exits with status 1.
enum CommandFailure {
    static func exit(_ error: any Error, context: String) -> ExitCode {
        let message: String
        switch error {
        case let error as ConfigurationError: message = error.description
        case let error as StoreError: message = error.description
        case let error as IOError where error.errnoCode == EADDRINUSE:
            message = "\(context): the address is already in use; stop the other server or choose another --port"
        case let error as IOError where error.errnoCode == EACCES:
            message = "\(context): permission denied; ports below 1024 need privileges, choose another --port"
        default: message = "\(context): \(PostgresErrorDescription.describe(error) ?? "\(error)")"
        }
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode.failure
    }
}
