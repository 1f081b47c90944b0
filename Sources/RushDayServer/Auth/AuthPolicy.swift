import GRPCCore

/// Which RPCs need a token (spec §2.2): required by default; optional for the anonymous
/// planner entry points; public for the guest-facing invitation RPCs, whose header is
/// ignored entirely.
enum AuthPolicy: Sendable, Hashable {
    case required, optional, `public`

    static let table: [String: AuthPolicy] = [
        "rushday.v1.AIEventPlannerService/GenerateEventPlans": .optional,
        "rushday.v1.AIEventPlannerService/CreateAIDraftEvent": .optional,
        // The AI-draft capability path (§5.6): an unclaimed draft's id is enough.
        "rushday.v1.AIEventPlannerService/GenerateAgenda": .optional,
        "rushday.v1.AIEventPlannerService/GenerateExpenses": .optional,
        "rushday.v1.AIEventPlannerService/GenerateInviteMessage": .optional,
        "rushday.v1.InvitationService/GetPublicInvitation": .public,
        "rushday.v1.EventService/GetPublicGuestInvitation": .public,
        "rushday.v1.EventService/RespondToGuestInvitation": .public,
    ]

    static func of(_ method: MethodDescriptor) -> AuthPolicy {
        table[method.fullyQualifiedMethod] ?? .required
    }
}
