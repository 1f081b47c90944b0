import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Ask the planning assistant about an event; the answer streams in.",
        discussion: "Example: hearth events chat <event> \"What should we serve?\" --topic catering. Pass --conversation to continue one.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "Your question.") var message: String
    @Option(help: "general, venue, decor, catering, budget, music, photo_video, entertainment, timeline, invitations or transport.")
    var topic: String?
    @Option(help: "Continue this conversation (its id is printed after each answer).") var conversation: String?

    func run() async throws {
        var request = Rushday_V1_SendChatMessageRequest()
        request.message = message
        if let topic {
            guard let parsed = Self.topic(topic) else { throw CommandError("--topic: '\(topic)' is not a topic; see --help.") }
            request.topic = parsed
        }
        if let conversation { request.conversationID = conversation }
        let json = options.json
        try await EventsSession.run(options) { client, output in
            request.eventID = try await EventsLookup.event(self.event, client: client).id
            let answer = try await client.chat(request) { update in
                guard !json else { return }
                switch update {
                case .text(let text): FileHandle.standardOutput.write(Data(text.utf8))
                case .tool(let tool): FileHandle.standardError.write(Data("[\(tool.toolName): \(tool.status)]\n".utf8))
                }
            }
            if json {
                print(
                    JSONValue.object([
                        "conversation_id": .string(answer.conversationID), "reply": .string(answer.responseMessage.content),
                        "suggested_topics": .array(answer.suggestedTopics.map { .string($0) }),
                    ]).serializedString())
            } else {
                print("")
                if !answer.hintText.isEmpty { output.note(answer.hintText) }
                output.note("(conversation \(answer.conversationID); continue it with --conversation \(answer.conversationID))")
            }
        }
    }

    static func topic(_ text: String) -> Rushday_V1_ChatTopic? {
        let topics: [String: Rushday_V1_ChatTopic] = [
            "general": .general, "venue": .venue, "decor": .decor, "catering": .catering, "budget": .budget, "music": .music,
            "photo_video": .photoVideo, "entertainment": .entertainment, "timeline": .timeline, "invitations": .invitations,
            "transport": .transport,
        ]
        return topics[text.lowercased()]
    }
}
