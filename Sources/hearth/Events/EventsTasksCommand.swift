import ArgumentParser
import Foundation
import HearthCore
import RushDayKit
import RushDayProto

struct EventsTasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks", abstract: "An event's to-do list: list, add, mark done, reorder.",
        discussion: "<task> is the task's number in the list (1 = top), its id, or its name.",
        subcommands: [EventsTasksListCommand.self, EventsTasksAddCommand.self, EventsTasksDoneCommand.self, EventsTasksReorderCommand.self],
        defaultSubcommand: EventsTasksListCommand.self)
}

struct EventsTasksListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List an event's tasks in order.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let tasks = TaskOrdering(try await client.allTasks(eventID: event.id))
            try Self.print(tasks, output)
        }
    }

    static func print(_ tasks: TaskOrdering, _ output: CommandOutput) throws {
        try output.table(
            ["#", "DONE", "TASK", "DUE", "ID"],
            tasks.tasks.enumerated().map { index, task in
                [String(index + 1), task.isDone ? "x" : "", task.name, task.hasNotification ? EventsDates.show(task.notification) : "",
                 EventsText.shortID(task.id)]
            },
            json: .array(tasks.tasks.map(EventsJSON.task)), empty: "No tasks yet. Add one with `hearth events tasks add <event> \"…\"`.")
    }
}

struct EventsTasksAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task at the bottom of the list.")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "What needs doing.") var name: String
    @Option(help: "Details.") var notes: String?
    @Option(help: ArgumentHelp("When it is due (a reminder time).", valueName: "date")) var due: String?

    func run() async throws {
        let dueDate = try due.map { try EventsDates.parse($0, option: "--due").date }
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let task = try await client.createTask(eventID: event.id, name: name, notes: notes, due: dueDate)
            try output.result("Added \"\(task.name)\" to \"\(event.name)\".", json: EventsJSON.task(task))
        }
    }
}

struct EventsTasksDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a task done (or not done with --undo).")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The task: its number in the list, id, or name.") var task: String
    @Flag(help: "Mark it not done again.") var undo = false

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let tasks = TaskOrdering(try await client.allTasks(eventID: event.id)).tasks
            var task = try EventsLookup.task(self.task, among: tasks)
            if task.isDone == undo { task = try await client.toggleTaskDone(id: task.id) }
            try output.result(task.isDone ? "Done: \"\(task.name)\"." : "Not done: \"\(task.name)\".", json: EventsJSON.task(task))
        }
    }
}

struct EventsTasksReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder", abstract: "Move a task to another place in the list.",
        discussion: "Example: hearth events tasks reorder <event> \"Order cake\" --to 1 (1 = top).")

    @OptionGroup var options: EventsOptions
    @Argument(help: "The event: id, start of the id, or name.") var event: String
    @Argument(help: "The task to move: its number in the list, id, or name.") var task: String
    @Option(help: "Its new place, 1 = top.") var to: Int

    func run() async throws {
        try await EventsSession.run(options) { client, output in
            let event = try await EventsLookup.event(self.event, client: client)
            let ordering = TaskOrdering(try await client.allTasks(eventID: event.id))
            let task = try EventsLookup.task(self.task, among: ordering.tasks)
            guard let ids = ordering.moving(id: task.id, to: to - 1) else {
                throw CommandError("--to must be between 1 and \(ordering.tasks.count).")
            }
            let reordered = TaskOrdering(try await client.reorderTasks(eventID: event.id, taskIDs: ids))
            try EventsTasksListCommand.print(reordered, output)
        }
    }
}
