import AsyncHTTPClient
import HearthServer

extension RushDayComponents {
    /// The collaborators' sender (tests), else FCM when configured, else the logging one.
    static func sender(services: AppServices, settings: RushDaySettings, collaborators: RushDayCollaborators) -> any NotificationSender {
        if let given = collaborators.notifications { return given }
        guard let fcm = settings.fcm else { return LoggingNotificationSender(logger: services.logger) }
        do {
            let push = try FCMPushSender(
                settings: fcm, client: HTTPClient.shared, clock: services.clock, logger: services.logger)
            return PushNotificationSender(push: push, database: services.database, logger: services.logger)
        } catch {
            services.logger.error("FCM is configured but its key is unusable; notifications are logged", metadata: ["error": "\(error)"])
            return LoggingNotificationSender(logger: services.logger)
        }
    }
}
