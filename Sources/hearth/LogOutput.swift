import Logging

/// Where the command line's logs go: structured lines on standard error, so standard
/// output stays free for results.
enum LogOutput {
    /// Installs the log handler (once per process) and returns the root logger at `level`.
    static func start(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "hearth")
        logger.logLevel = level
        return logger
    }
}
