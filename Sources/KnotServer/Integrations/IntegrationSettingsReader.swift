import HearthServer

extension KnotSettingsReader {
    /// `HEARTH_KNOT_BRAVE_SEARCH_API_KEY`, `…_YELP_API_KEY` and the rest of spec §10's names.
    func readIntegrations() throws(ConfigurationError) -> IntegrationSettings {
        var settings = IntegrationSettings()
        settings.braveSearchAPIKey = value("BRAVE_SEARCH_API_KEY")
        settings.braveBaseURL = try baseURL("BRAVE_BASE_URL") ?? settings.braveBaseURL
        settings.anthropicAPIKey = value("ANTHROPIC_API_KEY")
        settings.anthropicBaseURL = try baseURL("ANTHROPIC_BASE_URL") ?? settings.anthropicBaseURL
        settings.llmModel = value("LLM_MODEL") ?? settings.llmModel
        settings.yelpAPIKey = value("YELP_API_KEY")
        settings.yelpBaseURL = try baseURL("YELP_BASE_URL") ?? settings.yelpBaseURL
        settings.ticketmasterAPIKey = value("TICKETMASTER_API_KEY")
        settings.ticketmasterBaseURL = try baseURL("TICKETMASTER_BASE_URL") ?? settings.ticketmasterBaseURL
        settings.amazonAccessKey = value("AMAZON_ACCESS_KEY")
        settings.amazonSecretKey = value("AMAZON_SECRET_KEY")
        settings.amazonAssociateTag = value("AMAZON_ASSOCIATE_TAG")
        settings.amazonHost = value("AMAZON_HOST") ?? settings.amazonHost
        settings.amazonRegion = value("AMAZON_REGION") ?? settings.amazonRegion
        settings.amazonBaseURL = try baseURL("AMAZON_BASE_URL")
        settings.shopifyStorefrontToken = value("SHOPIFY_STOREFRONT_TOKEN")
        settings.shopifyStoreDomain = value("SHOPIFY_STORE_DOMAIN")
        settings.shopifyAPIVersion = value("SHOPIFY_API_VERSION") ?? settings.shopifyAPIVersion
        settings.openTableAffiliateID = value("OPENTABLE_AFFILIATE_ID")
        settings.reservationURLsEnabled = try bool("RESERVATION_URLS_ENABLED") ?? settings.reservationURLsEnabled
        settings.firecrawlAPIKey = value("FIRECRAWL_API_KEY")
        settings.firecrawlBaseURL = try baseURL("FIRECRAWL_BASE_URL") ?? settings.firecrawlBaseURL
        settings.urlVerificationEnabled = try bool("URL_VERIFICATION_ENABLED") ?? settings.urlVerificationEnabled
        if let recommender = value("RECOMMENDER") {
            guard ["pipeline", "unified"].contains(recommender) else {
                throw ConfigurationError(setting: Self.prefix + "RECOMMENDER", message: "expected pipeline or unified, got '\(recommender)'")
            }
            guard recommender == "pipeline" || settings.anthropicAPIKey != nil else {
                throw ConfigurationError(setting: Self.prefix + "RECOMMENDER", message: "unified needs HEARTH_KNOT_ANTHROPIC_API_KEY")
            }
            settings.recommender = recommender
        }
        return settings
    }

    /// `HEARTH_KNOT_APNS_*`, `…_PUSH_OUTBOX_DIR`, `…_QSTASH_*_SIGNING_KEY`, `…_SCHEDULER_ENABLED`.
    func readNotifications() throws(ConfigurationError) -> NotificationSettings {
        var settings = NotificationSettings()
        settings.apnsKeyID = value("APNS_KEY_ID")
        settings.apnsTeamID = value("APNS_TEAM_ID")
        settings.apnsAuthKeyPath = value("APNS_AUTH_KEY_PATH")
        settings.apnsBundleID = value("APNS_BUNDLE_ID")
        let apns = [settings.apnsKeyID, settings.apnsTeamID, settings.apnsAuthKeyPath, settings.apnsBundleID]
        if apns.contains(where: { $0 != nil }), !settings.apnsConfigured {
            throw ConfigurationError(
                setting: Self.prefix + "APNS_KEY_ID",
                message: "set all four of APNS_KEY_ID, APNS_TEAM_ID, APNS_AUTH_KEY_PATH and APNS_BUNDLE_ID, or none")
        }
        settings.apnsUseSandbox = try bool("APNS_USE_SANDBOX") ?? settings.apnsUseSandbox
        settings.apnsBaseURL = try baseURL("APNS_BASE_URL")
        settings.pushOutboxDirectory = value("PUSH_OUTBOX_DIR")
        settings.webhookCurrentSigningKey = value("QSTASH_CURRENT_SIGNING_KEY")
        settings.webhookNextSigningKey = value("QSTASH_NEXT_SIGNING_KEY")
        settings.schedulerEnabled = try bool("SCHEDULER_ENABLED") ?? settings.schedulerEnabled
        return settings
    }

    /// An `http(s)://` URL without a trailing slash.
    func baseURL(_ name: String) throws(ConfigurationError) -> String? {
        guard var url = value(name) else { return nil }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw ConfigurationError(setting: Self.prefix + name, message: "expected an http:// or https:// URL, got '\(url)'")
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
