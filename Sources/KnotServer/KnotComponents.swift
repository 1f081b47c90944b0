import Foundation
import HearthServer
import Logging

/// Knot's parts wired together once per app instance: the recommendation engine and the
/// reminder machinery the API routes, the jobs and the webhooks share.
struct KnotComponents: Sendable {
    let embeddings: any EmbeddingProvider
    let recommendations: RecommendationService
    let reminders: ReminderQueue
    let scheduler: ReminderScheduler
    let processor: ReminderProcessor
    let learning: FeedbackAnalysis
    let devices: DeviceTokens

    init(services: AppServices, settings: KnotSettings, collaborators: KnotCollaborators) {
        let (database, clock, logger) = (services.database, services.clock, services.logger)
        embeddings = collaborators.embeddings ?? EmbeddingProviders.make(settings: settings, logger: logger)
        let hints = HintSimilaritySearch(database: database, embeddings: embeddings, logger: logger)
        let catalog = collaborators.catalog ?? .bundled
        let verifier: any URLVerifier = collaborators.verifier
            ?? (settings.integrations.urlVerificationEnabled ? HTTPURLVerifier(logger: logger) : AlwaysAvailableVerifier())
        let engine: any RecommendationEngine
        if settings.integrations.recommender == "unified", settings.integrations.anthropicAPIKey != nil {
            engine = UnifiedRecommendationEngine(
                hints: hints, http: IntegrationHTTP(client: .shared, logger: logger), settings: settings.integrations, verifier: verifier,
                catalog: catalog)
        } else {
            engine = RecommendationPipeline(
                hints: hints,
                source: collaborators.candidateSource
                    ?? IntegrationCandidateSource(settings: settings.integrations, clock: clock, logger: logger),
                catalog: catalog, verifier: verifier)
        }
        let weights = LearnedWeightsStore(database: database, clock: clock, logger: logger)
        recommendations = RecommendationService(
            store: RecommendationStore(database: database, clock: clock), engine: engine, weights: weights, logger: logger)
        reminders = ReminderQueue(jobs: services.jobs, clock: clock)
        scheduler = ReminderScheduler(database: database, queue: reminders, clock: clock, logger: logger)
        devices = DeviceTokens(database: database, clock: clock)
        processor = ReminderProcessor(
            database: database, queue: reminders, recommendations: recommendations,
            push: collaborators.push ?? Self.push(services: services, settings: settings.notifications),
            devices: devices, clock: clock, logger: logger)
        learning = FeedbackAnalysis(database: database, weights: weights, clock: clock)
    }

    /// APNs when configured (§8.5); otherwise the outbox in the data directory. A key file
    /// that cannot be read leaves push off and says so.
    static func push(services: AppServices, settings: NotificationSettings) -> (any PushSender)? {
        guard let keyID = settings.apnsKeyID, let teamID = settings.apnsTeamID, let keyPath = settings.apnsAuthKeyPath,
            let topic = settings.apnsBundleID
        else {
            let directory = settings.pushOutboxDirectory ?? services.configuration.dataDirectory + "/knot-push-outbox"
            return PushOutbox(directory: directory, clock: services.clock)
        }
        do {
            let pem = try String(contentsOfFile: keyPath, encoding: .utf8)
            let host = settings.apnsBaseURL ?? (settings.apnsUseSandbox ? APNs.sandboxHost : APNs.productionHost)
            return try APNsPushSender(
                settings: APNsSettings(host: host, topic: topic, keyID: keyID, teamID: teamID, keyPEM: pem), clock: services.clock,
                logger: services.logger)
        } catch {
            services.logger.error("APNs is configured but its key is unusable; reminders are not pushed", metadata: ["path": "\(keyPath)", "error": "\(error)"])
            return nil
        }
    }

    /// What the vault and preference routes set off (§8.2, decision 9), best effort.
    var apiHooks: KnotAPIHooks {
        var hooks = KnotAPIHooks()
        let (scheduler, reminders) = (scheduler, reminders)
        hooks.scheduleReminders = { userID in await scheduler.scheduleUser(userID) }
        hooks.notificationsToggled = { userID, enabled, sql in
            if enabled {
                try await reminders.forgetCancelled(userID: userID, on: sql)
            } else {
                try await reminders.cancelPending(userID: userID, on: sql)
            }
        }
        return hooks
    }
}
