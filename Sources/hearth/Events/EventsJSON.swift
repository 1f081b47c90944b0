import HearthCore
import RushDayKit
import RushDayProto
import SwiftProtobuf

/// What `--json` prints for each Rush Day record: snake_case keys, times in RFC 3339 UTC,
/// money as integers of minor units.
enum EventsJSON {
    static func time(_ timestamp: Google_Protobuf_Timestamp, set: Bool) -> JSONValue {
        set ? .string(EventsDates.json(timestamp)) : .null
    }

    static func optional(_ value: String, set: Bool) -> JSONValue { set ? .string(value) : .null }

    static func event(_ event: Rushday_V1_Event) -> JSONValue {
        [
            "id": .string(event.id), "name": .string(event.name), "type": .string(event.type),
            "date": time(event.date, set: event.hasDate), "end_date": time(event.endDate, set: event.hasEndDate),
            "is_all_day": .bool(event.isAllDay), "is_draft": .bool(event.isDraft), "venue": optional(event.venue, set: event.hasVenue),
            "custom_idea": optional(event.customIdea, set: event.hasCustomIdea), "theme_idea": optional(event.themeIdea, set: event.hasThemeIdea),
            "invite_message": optional(event.inviteMessage, set: event.hasInviteMessage), "owner_id": .string(event.userID),
            "owner_name": optional(event.ownerName, set: event.hasOwnerName), "role": .string(event.callerRole),
            "cohosts": .array(event.shared.map(cohost)),
        ]
    }

    static func cohost(_ entry: Rushday_V1_SharedUser) -> JSONValue {
        [
            "name": .string(entry.name), "accepted": .bool(entry.accepted), "access_role": .string(entry.accessRole),
            "user_id": optional(entry.userID, set: entry.hasUserID), "secret": entry.secret.isEmpty ? .null : .string(entry.secret),
            "invite_link": optional(entry.inviteLink, set: entry.hasInviteLink),
        ]
    }

    static func task(_ task: Rushday_V1_Task) -> JSONValue {
        [
            "id": .string(task.id), "event_id": .string(task.eventID), "name": .string(task.name),
            "notes": optional(task.notes, set: task.hasNotes), "is_done": .bool(task.isDone), "order": .int(Int64(task.orderNumber)),
            "due": time(task.notification, set: task.hasNotification), "completed_at": time(task.completedAt, set: task.hasCompletedAt),
        ]
    }

    static func guest(_ guest: Rushday_V1_Guest) -> JSONValue {
        [
            "id": .string(guest.id), "name": .string(guest.name), "status": .string(EventsText.status(guest.status)),
            "email": optional(guest.contact.email, set: guest.contact.hasEmail),
            "phone": optional(guest.contact.phoneNumber, set: guest.contact.hasPhoneNumber), "plus_ones": .int(Int64(guest.accompany)),
            "notes": optional(guest.notes, set: guest.hasNotes),
        ]
    }

    static func counts(_ counts: GuestCounts) -> JSONValue {
        [
            "total": .int(Int64(counts.total)), "not_invited": .int(Int64(counts.notInvited)), "invited": .int(Int64(counts.invited)),
            "accepted": .int(Int64(counts.accepted)), "declined": .int(Int64(counts.declined)),
            "expected_people": .int(Int64(counts.expectedPeople)),
        ]
    }

    static func agenda(_ item: Rushday_V1_Agenda) -> JSONValue {
        [
            "id": .string(item.id), "title": .string(item.title), "notes": optional(item.notes, set: item.hasNotes),
            "start_time": time(item.startTime, set: item.hasStartTime), "end_time": time(item.endTime, set: item.hasEndTime),
        ]
    }

    static func budget(_ summary: BudgetSummary) -> JSONValue {
        [
            "currency_code": .string(summary.currencyCode), "planned": .int(summary.planned), "planned_is_set": .bool(summary.isPlannedSet),
            "total_expenses": .int(summary.totalExpenses), "total_paid": .int(summary.totalPaid), "remaining": .int(summary.remaining),
            "outstanding": .int(summary.outstanding), "over_budget": .bool(summary.isOverBudget),
            "expenses": .array(
                summary.lines.map { line in
                    [
                        "id": .string(line.id), "title": .string(line.title), "category": .string(line.category), "total": .int(line.total),
                        "paid": .int(line.paid), "status": .string(EventsText.payment(line.status)),
                    ]
                }),
        ]
    }
}
