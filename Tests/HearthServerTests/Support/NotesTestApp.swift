import HearthCore
import HearthServer
import HearthStore
import Hummingbird

/// A small app that exists only to exercise the platform the way a real app does:
/// users with passwords, the auth core, a synced collection with an owner rule, a job,
/// its own error format and body limit, and its own `/health`.
struct NotesTestApp: HearthApp {
    var name = "notes"
    var displayName: String { "Notes (\(name))" }
    let summary = "A test app: notes synced per user."
    var apiDocument: APIDocument?
    var maxBodyBytes: Int? = 64 * 1024

    /// The app without its own body limit, for pushes larger than 64 KiB.
    static var withServerBodyLimit: NotesTestApp {
        var app = NotesTestApp()
        app.maxBodyBytes = nil
        return app
    }

    var migrations: [Migration] {
        [
            Migration(
                module: "notes_test", version: 1, name: "users and job log",
                sql: [
                    "CREATE TABLE notes_users (app TEXT NOT NULL, id TEXT NOT NULL, email TEXT NOT NULL, password_hash TEXT NOT NULL, PRIMARY KEY (app, email))",
                    "CREATE TABLE notes_job_log (job_id TEXT NOT NULL, attempt INTEGER NOT NULL, message TEXT NOT NULL)",
                ])
        ]
    }

    func collections(services: AppServices) -> [DocumentCollection] {
        [
            DocumentCollection(
                name: "notes", rule: OwnedDocumentRule(ownerField: "owner", sharedWithField: "shared_with"),
                maxDocumentBytes: 16 * 1024, concurrentPuts: true,
                validate: { data in
                    guard let title = data["title"]?.stringValue, !title.isEmpty, title.count <= 200 else {
                        throw APIError.validation("title must be 1…200 characters")
                    }
                    return data
                }),
            DocumentCollection(name: "tripwires", rule: TripwireRule()),
        ]
    }

    var errorFormat: any ErrorResponseFormat { DetailErrorFormat() }

    func addRoutes(to routes: RouterGroup<HearthRequestContext>, services: AppServices) {
        let auth = NotesAuthRoutes(services: services)
        let authGroup = routes.group("auth").add(middleware: services.authThrottle.addressMiddleware)
        authGroup.post("register") { request, context in try await auth.register(request, context) }
        authGroup.post("login") { request, context in try await auth.login(request, context) }
        authGroup.post("refresh") { request, context in try await auth.refresh(request, context) }
        authGroup.post("logout") { request, context in try await auth.logout(request, context) }
        routes.group("me").add(middleware: services.requireAccessToken).get { _, context in
            Response.json(["id": .string(try context.requireUser())])
        }
        routes.get("health") { _, _ in Response.json(["app": "notes"]) }
        routes.get("slow") { request, _ in
            let milliseconds = Int(request.uri.queryParameters["ms"].map(String.init) ?? "") ?? 300
            try await Task.sleep(for: .milliseconds(milliseconds))
            return Response.json(["slept": .int(Int64(milliseconds))])
        }
        routes.get("crash") { _, _ -> Response in throw InternalFailure(secret: "password=hunter2 at /srv/db.swift:42") }
        routes.post("echo") { request, context in
            let body = try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize)
            return Response.json(body)
        }
        routes.post("jobs") { request, context in
            let body = try await context.requestDecoder.parseBody(of: request, limit: context.maxUploadSize)
            let id = try await services.database.transaction { executor in
                try await services.jobs.enqueue(kind: "log", payload: body, maxAttempts: 3, in: executor)
            }
            return Response.json(["job": .string(id)])
        }
    }

    func jobs(services: AppServices) -> [JobDefinition] {
        [
            JobDefinition(kind: "log", maxAttempts: 3, timeout: .seconds(5)) { job in
                let failUntil = job.payload["fail_attempts"]?.intValue ?? 0
                try await services.database.transaction { executor in
                    try await executor.execute(
                        "INSERT INTO notes_job_log (job_id, attempt, message) VALUES (?, ?, ?)",
                        [.text(job.id), .integer(Int64(job.attempt)), .text(job.payload["message"]?.stringValue ?? "")])
                }
                if job.attempt <= failUntil { throw InternalFailure(secret: "attempt \(job.attempt) fails on purpose") }
            }
        ]
    }
}

struct InternalFailure: Error {
    let secret: String
}

/// `{"detail": "…", "code": "…"}`: a different shape from Hearth's, to prove each app's
/// own format is used for its errors.
struct DetailErrorFormat: ErrorResponseFormat {
    func response(for error: APIError) -> Response {
        Response.json(["detail": .string(error.message), "code": .string(error.code.rawValue)], status: error.status, headers: error.headers)
    }
}

/// Notes whose follow-up work (a row in an app table) fails after the document was
/// stored when the data says `"explode": true`: what a savepoint must undo.
struct TripwireRule: DocumentAccessRule {
    let owned = OwnedDocumentRule()

    func decide(_ write: ProposedWrite, reader: DocumentWriter) async throws -> WriteDecision {
        try await owned.decide(write, reader: reader)
    }

    func didSave(_ saved: StoredDocument, previous: StoredDocument?, by userID: String, writer: DocumentWriter) async throws {
        try await writer.executor.execute(
            "INSERT INTO notes_job_log (job_id, attempt, message) VALUES (?, 1, 'tripwire')", [.text(saved.id)])
        if saved.data["explode"]?.boolValue == true { throw APIError.validation("this tripwire explodes after saving") }
    }
}
