import GRPCCore
import RushDayProto
import Testing

/// The generated grpc-swift 2 stubs expose exactly the services and RPCs of spec §3 (lists written from the
/// spec by hand, in declaration order), with the right streaming shape.
@Suite struct ServiceDescriptorTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    private func check(
        _ descriptors: [MethodDescriptor], service: String, expected: [(String, MethodDescriptor.RPCType)]
    ) {
        #expect(descriptors.map(\.method) == expected.map(\.0), "\(service)")
        for (descriptor, (name, kind)) in zip(descriptors, expected) {
            #expect(descriptor.service.fullyQualifiedService == service)
            #expect(descriptor.fullyQualifiedMethod == "\(service)/\(name)")
            #expect(descriptor.type == kind, "\(service)/\(name)")
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func userService() {
        #expect(Rushday_V1_UserService.descriptor.fullyQualifiedService == "rushday.v1.UserService")
        check(
            Rushday_V1_UserService.Method.descriptors, service: "rushday.v1.UserService",
            expected: [
                ("GetCurrentUser", .unary), ("UpdateUser", .unary), ("UpdateNotificationPreferences", .unary),
                ("RegisterDevice", .unary), ("DeleteUser", .unary), ("MigrateUserData", .unary),
            ])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func eventService() {
        #expect(Rushday_V1_EventService.descriptor.fullyQualifiedService == "rushday.v1.EventService")
        let unary = [
            "CreateEvent", "GetEvent", "ListEvents", "StreamEvents", "UpdateEvent", "DeleteEvent",
            "ShareEvent", "AcceptSharedEvent", "RemoveSharedUser", "UpdateSharedUser",
            "CreateTask", "ListTasks", "ToggleTaskDone", "UpdateTask", "DeleteTask", "ReorderTasks",
            "CreateGuest", "ListGuests", "BatchCreateGuests", "GetGuest", "UpdateGuest", "DeleteGuest",
            "CreateGuestInvitation", "GetPublicGuestInvitation", "RespondToGuestInvitation",
            "CreateAgenda", "ListAgendas", "UpdateAgenda", "DeleteAgenda",
            "CreateBudget", "ListBudgets", "UpdateBudget", "DeleteBudget", "AddPayment", "RemovePayment",
            "GetEventBudget", "UpsertEventBudget",
            "CreateDraftEvent", "GetDraftEvent", "UpdateDraftEvent", "ListDraftEvents", "DeleteDraftEvent",
        ]
        check(
            Rushday_V1_EventService.Method.descriptors, service: "rushday.v1.EventService",
            expected: unary.map { ($0, $0 == "StreamEvents" ? .serverStreaming : .unary) })
        // Request/response types of the one streaming RPC.
        #expect(Rushday_V1_EventService.Method.StreamEvents.Input.self == Rushday_V1_StreamEventsRequest.self)
        #expect(Rushday_V1_EventService.Method.StreamEvents.Output.self == Rushday_V1_StreamEventsResponse.self)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func vendorService() {
        check(
            Rushday_V1_VendorService.Method.descriptors, service: "rushday.v1.VendorService",
            expected: [("CreateVendor", .unary), ("ListVendors", .unary), ("DeleteVendor", .unary)])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func invitationService() {
        check(
            Rushday_V1_InvitationService.Method.descriptors, service: "rushday.v1.InvitationService",
            expected: [("CreateInvitation", .unary), ("GetPublicInvitation", .unary)])
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func aiEventPlannerService() {
        let streaming: Set = ["GenerateEventPlans", "SendChatMessageStream"]
        let names = [
            "GenerateEventPlans", "GetGeneratedPlans", "GetPlanDetails", "CreateEventFromPlan",
            "GenerateAgenda", "GenerateExpenses", "GenerateInviteMessage",
            "CreateAIDraftEvent", "PublishAIDraftEvent", "ClaimDraftEvent",
            "SendChatMessage", "SendChatMessageStream", "GenerateTopicChecklist", "SaveChecklist",
            "UnsaveChecklist", "GetChatHistory", "GetSavedChecklists", "SaveConversation",
            "UnsaveConversation", "GetSavedConversations", "UpdateChecklistItem", "GetChatHints",
        ]
        check(
            Rushday_V1_AIEventPlannerService.Method.descriptors, service: "rushday.v1.AIEventPlannerService",
            expected: names.map { ($0, streaming.contains($0) ? .serverStreaming : .unary) })
        #expect(
            Rushday_V1_AIEventPlannerService.Method.SendChatMessageStream.Input.self
                == Rushday_V1_SendChatMessageRequest.self)
        #expect(
            Rushday_V1_AIEventPlannerService.Method.SendChatMessageStream.Output.self
                == Rushday_V1_ChatStreamResponse.self)
    }
}
