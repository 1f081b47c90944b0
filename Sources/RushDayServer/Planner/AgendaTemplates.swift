/// Agenda templates per kind and default start hours for all-day events (§5.7).

public struct AgendaTemplateItem: Sendable, Hashable {
    public var title: String
    public var offsetMinutes: Int
    public var durationMinutes: Int

    init(_ title: String, _ offset: Int, _ duration: Int) {
        self.title = title
        self.offsetMinutes = offset
        self.durationMinutes = duration
    }
}

public enum AgendaTemplates {
    public static func items(for kind: EventKind) -> [AgendaTemplateItem] {
        switch kind {
        case .birthday:
            [AgendaTemplateItem("Guest arrival & welcome drinks", 0, 30), AgendaTemplateItem("Games & activities", 30, 60),
             AgendaTemplateItem("Dinner", 90, 60), AgendaTemplateItem("Cake & birthday song", 150, 20),
             AgendaTemplateItem("Music & dancing", 170, 70), AgendaTemplateItem("Farewell", 240, 20)]
        case .wedding:
            [AgendaTemplateItem("Guest arrival", 0, 30), AgendaTemplateItem("Ceremony", 30, 45),
             AgendaTemplateItem("Cocktail hour", 75, 60), AgendaTemplateItem("Reception entrance", 135, 15),
             AgendaTemplateItem("Dinner", 150, 90), AgendaTemplateItem("Toasts & speeches", 240, 30),
             AgendaTemplateItem("First dance", 270, 15), AgendaTemplateItem("Cake cutting", 285, 15),
             AgendaTemplateItem("Dancing", 300, 120), AgendaTemplateItem("Send-off", 420, 15)]
        case .business:
            [AgendaTemplateItem("Registration & coffee", 0, 30), AgendaTemplateItem("Welcome remarks", 30, 15),
             AgendaTemplateItem("Keynote", 45, 45), AgendaTemplateItem("Break", 90, 15),
             AgendaTemplateItem("Breakout sessions", 105, 90), AgendaTemplateItem("Lunch", 195, 60),
             AgendaTemplateItem("Panel discussion", 255, 60), AgendaTemplateItem("Networking reception", 315, 60),
             AgendaTemplateItem("Closing remarks", 375, 15)]
        case .babyShower:
            [AgendaTemplateItem("Welcome", 0, 30), AgendaTemplateItem("Shower games", 30, 45),
             AgendaTemplateItem("Brunch", 75, 45), AgendaTemplateItem("Gift opening", 120, 45),
             AgendaTemplateItem("Cake & dessert", 165, 30), AgendaTemplateItem("Thank-you & farewell", 195, 15)]
        case .graduation:
            [AgendaTemplateItem("Arrival", 0, 30), AgendaTemplateItem("Graduate speeches", 30, 30),
             AgendaTemplateItem("Meal", 60, 60), AgendaTemplateItem("Photo session", 120, 30),
             AgendaTemplateItem("Music & celebration", 150, 90), AgendaTemplateItem("Farewell", 240, 15)]
        case .engagement:
            [AgendaTemplateItem("Arrival & drinks", 0, 45), AgendaTemplateItem("Couple's welcome", 45, 15),
             AgendaTemplateItem("Dinner", 60, 90), AgendaTemplateItem("Toasts", 150, 30),
             AgendaTemplateItem("Dancing", 180, 90), AgendaTemplateItem("Farewell", 270, 15)]
        case .anniversary:
            [AgendaTemplateItem("Welcome drinks", 0, 30), AgendaTemplateItem("Dinner", 30, 90),
             AgendaTemplateItem("Toasts & memories", 120, 30), AgendaTemplateItem("Memory slideshow", 150, 20),
             AgendaTemplateItem("Dancing", 170, 60), AgendaTemplateItem("Farewell", 230, 15)]
        case .other:
            [AgendaTemplateItem("Arrival", 0, 30), AgendaTemplateItem("Welcome", 30, 15),
             AgendaTemplateItem("Main activity", 45, 90), AgendaTemplateItem("Food & drinks", 135, 60),
             AgendaTemplateItem("Social time", 195, 60), AgendaTemplateItem("Wrap-up", 255, 15)]
        }
    }

    /// The start hour used for all-day events.
    public static func defaultHour(for kind: EventKind) -> Int {
        switch kind {
        case .birthday: 18
        case .wedding: 15
        case .business: 9
        case .babyShower: 14
        case .graduation: 16
        case .engagement: 18
        case .anniversary: 19
        case .other: 17
        }
    }
}
