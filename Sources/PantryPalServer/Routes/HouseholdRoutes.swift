import HearthCore
import HearthServer
import Hummingbird

/// `/api/household` (spec §2.2, W7, W8, W16).
struct HouseholdRoutes: Sendable {
    let households: HouseholdService
    let transactions: HouseholdTransactions
    let inviteAttempts: RateLimiter

    func register(on group: RouterGroup<HearthRequestContext>) {
        group.post { request, context in
            let fields = try await RequestFields.read(request, context: context)
            return Response.json(try await households.create(userID: try context.requireUser(), name: try fields.text("name")), status: .created)
        }
        group.put { request, context in
            let fields = try await RequestFields.read(request, context: context)
            return Response.json(try await households.update(
                userID: try context.requireUser(), name: try fields.string("name"), timezone: try fields.string("timezone")))
        }
        group.post("invite") { _, context in
            Response.json(try await households.invite(userID: try context.requireUser()))
        }
        group.get("invite/:code") { _, context in
            let userID = try context.requireUser()
            try await spendInviteAttempt(userID)
            return Response.json(try await households.preview(code: try context.pantryParameter("code")))
        }
        group.post("join") { request, context in
            let userID = try context.requireUser()
            let fields = try await RequestFields.read(request, context: context)
            guard let code = try fields.text("code") else { throw PantryError.badRequest("Invite code is required") }
            // The attempt is reserved before the code is tried, so parallel guesses (on
            // any number of processes) cannot overrun the budget; a join gives it back.
            try await spendInviteAttempt(userID)
            let joined: Response
            do {
                joined = Response.json(try await households.join(userID: userID, code: code))
            } catch let error as APIError where error.status.code < 500 {
                throw error  // a wrong code keeps its attempt spent
            } catch {
                try? await inviteAttempts.refund(userID)
                throw error
            }
            // Best effort: the join has committed, and its answer must not turn into a 500.
            try? await inviteAttempts.refund(userID)
            return joined
        }
        group.get("members") { _, context in
            Response.json(try await households.members(userID: try context.requireUser()))
        }
        group.get("invites") { _, context in
            Response.json(try await households.invites(userID: try context.requireUser()))
        }
        group.delete("data") { _, context in
            try await transactions.answer(userID: try context.requireUser()) { write in
                try await HouseholdDataReset.run(in: write)
                return PantryAnswer(["success": true, "message": "Household data reset successfully"])
            }
        }
    }

    /// Previews and failed joins share a budget per user (W7), against guessing codes.
    private func spendInviteAttempt(_ userID: String) async throws {
        if case .limited(let seconds) = try await inviteAttempts.consume(userID) {
            throw PantryRateLimit.limited(retryAfterSeconds: seconds, type: .general)
        }
    }
}
