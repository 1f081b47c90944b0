/// The alert shown for a side-effect notification (spec §2.9 defines only the data
/// payload; the app may replace the text from `type`).
enum PushText {
    static func title(of notification: RushDayNotification) -> String {
        if let title = notification.title { return title }
        switch notification.type {
        case "co_host_joined": return "A co-host joined"
        case "co_host_removed": return "Removed from an event"
        case "event_deleted": return "Event cancelled"
        case "guest_rsvp": return "New RSVP"
        case "event_updated": return "Event updated"
        default: return "Rush Day"
        }
    }

    static func body(of notification: RushDayNotification) -> String {
        if let body = notification.body { return body }
        switch notification.type {
        case "co_host_joined": return "Someone accepted your invitation to co-host your event."
        case "co_host_removed": return "You are no longer a co-host of this event."
        case "event_deleted": return "An event you co-host was deleted."
        case "guest_rsvp": return "A guest answered your invitation."
        case "event_updated": return "An event you are planning has changed."
        default: return ""
        }
    }
}
