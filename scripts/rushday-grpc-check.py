#!/usr/bin/env python3
"""Rush Day end to end from another language: a Python client built from the spec's protos
(grpcio from PyPI, pinned in scripts/rushday-grpc-requirements.txt; the stubs in
scripts/rushday_grpc/ come from scripts/generate-protos.sh) runs the whole event flow
against `hearth serve --app rushday`, and a guest answers in a "browser" (plain HTTP):

  1. register a Rush Day account over HTTP (`POST /api/v1/auth/register`) and call
     GetCurrentUser with its access token;
  2. CreateEvent, ListEvents, StreamEvents;
  3. tasks: create three, reorder, toggle one done;
  4. a second account co-hosts: ShareEvent → AcceptSharedEvent → sees the event;
  5. guests: CreateGuest, CreateGuestInvitation (the RSVP link), the guest opens the
     link's page and accepts with one companion through its form; GetGuest says ACCEPTED;
  6. agenda, an expense with a payment and the event budget;
  7. the planner streams plans with progress, and an event is created from one;
  8. DeleteEvent: the event and its guest link answer NOT_FOUND / 404.

  python3 scripts/rushday-grpc-check.py --binary .build/debug/hearth [--database-url …]

Each step prints a line; the first failure prints what was seen and exits 1.
"""
import argparse
import html.parser
import os
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REQUIREMENTS = os.path.join(HERE, "rushday-grpc-requirements.txt")


def ensure_client():
    """Re-runs this script in a venv holding the pinned requirements unless they are importable."""
    sys.path.insert(0, HERE)
    from pinned_venv import reexec_with
    reexec_with(REQUIREMENTS, "rush day grpc check", "hearth-grpcio")


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def step(name, check):
    try:
        detail = check()
    except Failure:
        print("  FAIL  %s" % name, flush=True)
        raise
    except Exception as e:  # grpc.RpcError and friends
        print("  FAIL  %s" % name, flush=True)
        raise Failure("%s: %s: %s" % (name, type(e).__name__, e))
    print("  ok    %s%s" % (name, (" — " + detail) if detail else ""), flush=True)


class FormReader(html.parser.HTMLParser):
    """The first <form>'s action and its hidden inputs."""

    def __init__(self):
        super().__init__()
        self.action, self.fields, self.in_form, self.done = None, {}, False, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and not self.done:
            self.action, self.in_form = attrs.get("action"), True
        elif tag == "input" and self.in_form and attrs.get("type") == "hidden" and attrs.get("name"):
            self.fields[attrs["name"]] = attrs.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form" and self.in_form:
            self.in_form, self.done = False, True


class Browser:
    """Plain HTTP with a cookie jar, like a phone's browser without script."""

    def __init__(self):
        import http.cookiejar
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def open(self, url, form=None, origin=None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Origin": origin} if origin else {}
        req = urllib.request.Request(url, data=data, headers=headers)
        try:
            with self.opener.open(req, timeout=15) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace")


def run(args):
    sys.path.insert(0, os.path.join(HERE, "rushday_grpc"))
    sys.path.insert(0, HERE)
    import grpc
    import ai_planner_pb2 as planner
    import ai_planner_pb2_grpc as planner_grpc
    import event_pb2 as ev
    import event_pb2_grpc as ev_grpc
    import user_pb2
    import user_pb2_grpc
    from google.protobuf import timestamp_pb2
    from hearth_process import Server, free_port, request

    data_dir = tempfile.mkdtemp(prefix="hearth-rushday-check-")
    log_path = os.path.join(data_dir, "server.log")
    http_port, grpc_port = free_port(), free_port()
    server = Server(args.binary, "rushday", data_dir, args.database_url, http_port, log_path,
                    extra=["--grpc-port", str(grpc_port)],
                    env={"HEARTH_RD_PLANNER_STEP_DELAY_MS": "0", "HEARTH_RD_PUBLIC_BASE_URL": "http://127.0.0.1:%d" % http_port})
    server.start()
    channel = grpc.insecure_channel("127.0.0.1:%d" % grpc_port)
    users = user_pb2_grpc.UserServiceStub(channel)
    events = ev_grpc.EventServiceStub(channel)
    ai = planner_grpc.AIEventPlannerServiceStub(channel)
    state = {}

    def account(email, name):
        status, body = request(server.url + "/api/v1/auth/register", "POST",
                               {"email": email, "password": "correct horse battery", "name": name})
        expect(status == 201 or status == 200, "register answered %s %s" % (status, body))
        return [("authorization", "Bearer " + body["access_token"])]

    def when(year, month, day, hour):
        import datetime
        stamp = timestamp_pb2.Timestamp()
        stamp.FromDatetime(datetime.datetime(year, month, day, hour, tzinfo=datetime.timezone.utc))
        return stamp

    try:
        def register():
            state["ann"] = account("ann@example.com", "Ann")
            me = users.GetCurrentUser(user_pb2.GetCurrentUserRequest(), metadata=state["ann"])
            expect(me.name == "Ann" and me.currency == "USD", "GetCurrentUser: %s" % me)
            return "GetCurrentUser → %s, %s" % (me.name, me.currency)
        step("an account over HTTP, used over gRPC", register)

        def create():
            event = events.CreateEvent(ev.CreateEventRequest(name="Mia's 30th", type="birthday", date=when(2030, 6, 13, 18)),
                                       metadata=state["ann"])
            state["event"] = event.id
            listed = events.ListEvents(ev.ListEventsRequest(), metadata=state["ann"])
            expect([e.id for e in listed.events] == [event.id], "ListEvents: %s" % listed)
            batches = list(events.StreamEvents(ev.StreamEventsRequest(batch_size=5), metadata=state["ann"]))
            expect(len(batches) == 1 and batches[0].is_last and len(batches[0].events) == 1, "StreamEvents: %s" % batches)
            return "%s (%s), caller_role %s" % (event.name, event.type, event.caller_role)
        step("CreateEvent, ListEvents, StreamEvents", create)

        def tasks():
            ids = [events.CreateTask(ev.CreateTaskRequest(event_id=state["event"], name=n), metadata=state["ann"]).id
                   for n in ("Book the venue", "Order the cake", "Send invitations")]
            reordered = events.ReorderTasks(ev.ReorderTasksRequest(event_id=state["event"], task_ids=[ids[2], ids[0], ids[1]]),
                                            metadata=state["ann"])
            expect([t.id for t in reordered.tasks] == [ids[2], ids[0], ids[1]], "ReorderTasks: %s" % reordered)
            done = events.ToggleTaskDone(ev.ToggleTaskDoneRequest(id=ids[0]), metadata=state["ann"])
            expect(done.is_done and done.HasField("completed_at"), "ToggleTaskDone: %s" % done)
            return "3 tasks, reordered, one done"
        step("tasks", tasks)

        def cohost():
            state["bob"] = account("bob@example.com", "Bob")
            shared = events.ShareEvent(ev.ShareEventRequest(event_id=state["event"], name="Bob"), metadata=state["ann"])
            secret = shared.shared[-1].secret
            events.AcceptSharedEvent(ev.AcceptSharedEventRequest(secret=secret), metadata=state["bob"])
            seen = events.ListEvents(ev.ListEventsRequest(), metadata=state["bob"])
            expect([e.caller_role for e in seen.events] == ["admin"], "Bob's list: %s" % seen)
            return "Bob is an admin of the event"
        step("a co-host joins", cohost)

        def guests():
            guest = events.CreateGuest(ev.CreateGuestRequest(event_id=state["event"], name="Cid", accompany=2),
                                       metadata=state["bob"])
            invitation = events.CreateGuestInvitation(ev.CreateGuestInvitationRequest(event_id=state["event"], guest_id=guest.id),
                                                      metadata=state["ann"])
            expect(len(invitation.encoded_data) == 46, "encoded_data: %r" % invitation.encoded_data)
            link = server.url + "/g/" + invitation.encoded_data
            browser = Browser()
            status, page = browser.open(link)
            expect(status == 200 and ("Mia&#39;s 30th" in page or "Mia's 30th" in page), "the page: %s %s" % (status, page[:300]))
            form = FormReader()
            form.feed(page)
            expect(form.action is not None, "no form on the page: %s" % page[:500])
            fields = dict(form.fields, response="accept", companions="1")
            status, answered = browser.open(urllib.parse.urljoin(link, form.action), form=fields, origin=server.url)
            expect(status == 200, "answering: %s %s" % (status, answered[:500]))
            stored = events.GetGuest(ev.GetGuestRequest(id=guest.id), metadata=state["ann"])
            expect(stored.status == ev.GUEST_STATUS_ACCEPTED and stored.accompany == 1, "GetGuest: %s" % stored)
            state["link"] = link
            return "the guest accepted with one companion in a browser form"
        step("a guest answers the invitation link's page", guests)

        def agenda_and_budget():
            for hour, title in ((20, "Cake"), (18, "Welcome drinks")):
                events.CreateAgenda(ev.CreateAgendaRequest(event_id=state["event"], title=title, start_time=when(2030, 6, 13, hour)),
                                    metadata=state["ann"])
            agenda = events.ListAgendas(ev.ListAgendasRequest(event_id=state["event"]), metadata=state["ann"])
            expect([a.title for a in agenda.agendas] == ["Welcome drinks", "Cake"], "ListAgendas: %s" % agenda)
            budget = events.CreateBudget(ev.CreateBudgetRequest(event_id=state["event"], title="Cake", total_amount=15000,
                                                                category="cake_desserts"), metadata=state["ann"])
            paid = events.AddPayment(ev.AddPaymentRequest(budget_id=budget.id, amount=5000), metadata=state["ann"])
            expect(paid.paid_amount == 5000 and paid.payment_status == ev.PAYMENT_STATUS_PARTIAL, "AddPayment: %s" % paid)
            overall = events.UpsertEventBudget(ev.UpsertEventBudgetRequest(event_id=state["event"], planned_budget=50000),
                                               metadata=state["ann"])
            expect(overall.remaining == 35000, "UpsertEventBudget: %s" % overall)
            return "agenda sorted by time, an expense PARTIAL, 350.00 remaining"
        step("agenda, expenses and the event budget", agenda_and_budget)

        def plan():
            request_message = planner.GenerateEventPlansRequest(
                event_type=planner.AI_EVENT_TYPE_BIRTHDAY, guest_range=planner.GUEST_COUNT_RANGE_MEDIUM,
                budget_tier=planner.BUDGET_TIER_STANDARD, venue_type=planner.VENUE_TYPE_INDOOR_VENUE, include_tasks=True)
            progress, plans, generation = [], [], None
            for message in ai.GenerateEventPlans(request_message, metadata=state["ann"]):
                which = message.WhichOneof("payload")
                if which == "progress":
                    progress.append(message.progress.percentage)
                elif which == "plan_summary":
                    plans.append(message.plan_summary)
                elif which == "complete":
                    generation = message.complete.generation_id
            expect(progress and progress[-1] == 100 and len(plans) == 3 and generation, "stream: %s %s" % (progress, plans))
            created = ai.CreateEventFromPlan(planner.CreateEventFromPlanRequest(
                plan_id=plans[0].id, generation_id=generation, name="From a plan", date=when(2030, 9, 1, 18)), metadata=state["ann"])
            expect(created.event.id, "CreateEventFromPlan: %s" % created)
            return "progress %s, %d plans, event %r" % (progress, len(plans), created.event.name)
        step("the planner streams plans and an event is made from one", plan)

        def delete():
            events.DeleteEvent(ev.DeleteEventRequest(id=state["event"]), metadata=state["ann"])
            try:
                events.GetEvent(ev.GetEventRequest(id=state["event"]), metadata=state["bob"])
                raise Failure("the deleted event is still readable")
            except grpc.RpcError as e:
                expect(e.code() == grpc.StatusCode.NOT_FOUND, "GetEvent after delete: %s" % e.code())
            status, _ = Browser().open(state["link"])
            expect(status == 404, "the guest link after delete answered %s" % status)
            return "NOT_FOUND over gRPC, 404 on the guest page"
        step("deleting the event takes its links with it", delete)
    finally:
        channel.close()
        server.kill()
    print("rush day grpc check: passed", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the hearth binary to start")
    parser.add_argument("--database-url", help="PostgreSQL instead of SQLite")
    args = parser.parse_args()
    ensure_client()
    try:
        run(args)
    except Failure as failure:
        print("rush day grpc check FAILED: %s" % failure, flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
