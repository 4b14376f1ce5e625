"""An event day at peak: every table of a round enters and confirms its result within a minute,
through the production stack, while the players reload their page and the hall's screens poll;
again while one app instance is killed mid-round, and again while PostgreSQL restarts.

    .venv/bin/python bench/bench_event_day.py [--players 1024] [--seconds 60] [--clients 32]
        [--strict]

Starts what docs/deploy.md deploys (tests/stack/harness.py): Redis, two gunicorn instances of 2
workers and nginx in front, on a PostgreSQL server of the benchmark's own (initdb into a
temporary folder, its own port: restarted mid-round 3, bench/_own_postgres.py), or without
PostgreSQL's binaries on a temporary SQLite file (no restart then). An event of --players
checked-in players (Ember Reach, 3 rounds); each player and the organiser has a session.

1. Baseline: GET /healthz from --clients threads, the same run.
2. Round 1 at peak: the organiser pairs the round (the desk's POST); for every table its first
   player enters the result and the second confirms it (the two posts a table makes, as the
   event page sends them), spread evenly over --seconds by --clients threads. Meanwhile every
   player reloads their event page once (signed in), half as many readers without a session
   read it (from nginx's cache between changes), the pages of --open-pages of the players stay
   open after their reload and ask for their own part every 15 s and their board every 45 s
   (as an open event page does), 4 hall screens load the projector page and poll it every 10 s, and
   /healthz is asked twice a second (bench/_event_day_load.py).
   Printed: p50 / p95 / p99 of the entries and of the confirmations apart, of each kind of
   read with what nginx answered from its cache (X-Cache-Status), what the database holds
   (every result confirmed once, with the values posted) and the standings against a
   recomputation from the games' rows. Then the organiser pairs round 2, timed from the last
   confirmation's answer, and the event page's cost (p50 and CPU per view on the app's
   workers) as 24 players open it: after rounds 1, 2 and 3, to show it flat with the rounds.
3. A server lost: round 2 the same way; a third of the way in, one app instance is killed
   (SIGKILL: no goodbye). A post that fails (connection refused, nginx's 502/503/504) is posted
   again, as a phone would (results are idempotent: a retried post is applied once). The
   instance is started again after the round, as systemd would.
4. The database restarted: round 3 the same way; a third of the way in, PostgreSQL is
   restarted (`pg_ctl restart -m fast`: every connection cut). Failed posts are posted again.

Targets (issue 44), each printed beside /healthz: at peak, entries and confirmations p95 under
1 s; no result lost or doubled in any round; standings equal to the recomputation; the next
round paired within 1 s of the last confirmation; the event page's CPU per view after round 3
within 1.5 times (+2 ms) that after round 1. --strict exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import sys
import threading
import time
from functools import partial

import _support  # noqa: F401  (puts the repository on the path)
from _event_day_load import (
    CpuMeter,
    Readers,
    Tally,
    Targets,
    line,
    page_cost,
    pct,
    standings_checked,
)
from _own_postgres import OwnPostgres, available

from tests.stack.harness import (
    Browser,
    Stack,
    nginx_binary,
    prepare_template,
    redis_binary,
    remove_template,
)

P95_TARGET = 1000.0  # a result's post, entries and confirmations each, at peak
PAIRING_TARGET = 1000.0  # the next round paired, from the last confirmation's answer

MAKE_EVENT = """
import datetime as dt, json
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.conf import settings
from django.utils import timezone
from factions.models import GameModule
from forgebuilder.events.models import Event, Entrant
users = get_user_model().objects
olga = users.create_user("bench-olga")
event = Event.objects.create(organiser=olga, name="Peak Open", starts_on=dt.date(2026, 12, 5),
    module=GameModule.objects.get(slug="ember-reach"), points_limit=2000,
    list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3, tiebreakers=["points"])
made = users.bulk_create([get_user_model()(username=f"p{i:04d}") for i in range({players})])
Entrant.objects.bulk_create([Entrant(event=event, player=u, checked_in=True) for u in users.filter(username__startswith="p")])
sessions = {}
for user in [olga, *users.filter(username__startswith="p")]:
    store = SessionStore()
    store["_auth_user_id"] = str(user.pk)
    store["_auth_user_backend"] = settings.AUTHENTICATION_BACKENDS[-1]
    store["_auth_user_hash"] = user.get_session_auth_hash()
    store.create()
    sessions[user.pk] = store.session_key
print(json.dumps({"event": event.public_id, "pk": event.pk, "organiser": sessions.pop(olga.pk),
                  "sessions": sessions}))
"""
GAMES = """
import json
from forgebuilder.events.models import Game
rows = Game.objects.filter(round__event_id={pk}, round__number={number}, second__isnull=False)
print(json.dumps([[g.pk, g.first.player_id, g.second.player_id] for g in rows.select_related("first", "second")]))
"""
HELD = """
import json
from forgebuilder.events.models import Game
rows = Game.objects.filter(round__event_id={pk}, round__number={number}).exclude(second__isnull=True)
print(json.dumps({{str(g.pk): [g.status, g.first_vp, g.second_vp] for g in rows}}))
"""


class Player(Browser):
    def __init__(self, port: int, session: str) -> None:
        super().__init__(port)
        csrf = secrets.token_hex(16)
        self.cookies = {"sessionid": session, "csrftoken": csrf}

    def post_form(self, url: str, data: dict):
        return self.request(
            "POST", url, data=data, headers={"X-CSRFToken": self.cookies["csrftoken"]}
        )


def timed(call) -> tuple[float, int]:
    start = time.perf_counter()
    try:
        status = call().status
    except OSError:
        status = 0  # the connection was refused or cut
    return (time.perf_counter() - start) * 1000, status


def last_json(stack: Stack, script: str):
    return json.loads(
        stack.manage("shell", "-c", script, timeout=900).stdout.strip().splitlines()[-1]
    )


def result_posts(event_id: str, games, sessions) -> list[tuple[str, str, str, dict]]:
    """(kind, session, url, data) of every table's two posts: the entries, then the
    confirmations (a table confirms after it entered)."""
    posts = []
    for kind, seat, extra in (("entry", 1, {}), ("confirmation", 2, {"action": "confirm"})):
        for game in games:
            pk = game[0]
            data = {"first_vp": 10 + pk % 7, "second_vp": pk % 9, **extra}
            posts.append((kind, sessions[str(game[seat])], f"/events/{event_id}/games/{pk}/", data))
    return posts


def play_round(port, event_id, games, sessions, args, *, on_third=None) -> dict:
    """Both posts of every table, spread over args.seconds by args.clients threads; a failed
    post is posted again (up to 8 times, waiting longer each time, as a phone would). Returns
    a Tally per kind of post, the posts retried, the seconds taken and when the last answer
    came."""
    posts = result_posts(event_id, games, sessions)
    gap = args.seconds / max(len(posts), 1)
    start = time.perf_counter()
    lock, at = threading.Lock(), [0]
    out = {"entry": Tally(), "confirmation": Tally(), "retried": 0, "last": start}

    def post(i: int) -> None:
        kind, session, url, data = posts[i]
        player = Player(port, session)
        for attempt in range(8):
            ms, status = timed(partial(player.post_form, url, data))
            out[kind].add(ms, status)
            if status in (200, 302):
                break
            with lock:
                out["retried"] += 1
            time.sleep(0.25 * (attempt + 1))
        with lock:
            out["last"] = max(out["last"], time.perf_counter())

    def worker():
        while True:
            with lock:
                i = at[0]
                at[0] += 1
            if i >= len(posts):
                return
            if on_third and i == len(posts) // 3:
                on_third()
            time.sleep(max(0.0, start + i * gap - time.perf_counter()))
            post(i)

    threads = [threading.Thread(target=worker) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out["seconds"] = time.perf_counter() - start
    return out


def check_held(stack, event_pk, number, games) -> tuple[int, int]:
    held = last_json(stack, HELD.format(pk=event_pk, number=number))
    lost = wrong = 0
    for pk, _first, _second in games:
        status, a, b = held[str(pk)]
        if status != "confirmed":
            lost += 1
        elif (a, b) != (10 + pk % 7, pk % 9):
            wrong += 1
    print(f"  held: {len(games) - lost - wrong} of {len(games)} results confirmed as posted; "
          f"lost {lost}, wrong or doubled {wrong}")  # fmt: skip
    return lost, wrong


def baseline(port: int, args) -> Tally:
    tally = Tally()

    def worker():
        browser = Browser(port)
        for _ in range(20):
            tally.add(*timed(partial(browser.get, "/healthz")))

    threads = [threading.Thread(target=worker) for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(line(f"baseline GET /healthz, {args.clients} clients", tally))
    return tally


def pair(port: int, made: dict, stack: Stack, number: int, since: float | None) -> tuple:
    """The organiser pairs round `number` as the desk posts it, pressing again if the answer
    was lost (a second press once it is paired is refused: the round has no results yet);
    (the round's games, ms from `since` (the last confirmation's answer) to the pairing's)."""
    desk = Player(port, made["organiser"])
    for _ in range(8):
        ms, status = timed(partial(desk.post_form, f"/events/{made['event']}/rounds/", {}))
        if status == 302:
            break
        time.sleep(0.25)
    ready = (time.perf_counter() - since) * 1000 if since else ms
    games = last_json(stack, GAMES.format(pk=made["pk"], number=number))
    print(
        f"  round {number} paired by the desk: {status}, {len(games)} tables; post {ms:.0f} ms"
        + (f", ready {ready:.0f} ms after the last confirmation" if since else "")
    )
    return games, ready


def warm_up(port: int, made: dict) -> None:
    """Each worker has drawn the pages once (as registration and check-in would have)."""
    sessions = list(made["sessions"].values())
    for n in range(16):
        Player(port, sessions[n % len(sessions)]).get(f"/events/{made['event']}/")
        Browser(port).get(f"/events/{made['event']}/projector/?warm={n}")


def a_round(stack, port, made, games, args, number: int, *, on_third=None, name: str) -> dict:
    """Round `number` played with its readers, the next round paired by the desk as soon as
    the last confirmation is answered (the readers still reading); printed. Returns the
    round's figures with `ok` (nothing lost or doubled, standings as recomputed), `ready`
    (the next round's pairing, ms after the last confirmation) and `games` (its tables)."""
    sessions, masters = (
        list(made["sessions"].values()),
        [p.pid for p in stack.processes if "gunicorn" in p.args],
    )
    meter = CpuMeter(masters)
    readers = Readers(
        port,
        made["event"],
        sessions,
        args.seconds,
        seed=number,
        open_pages=args.open_pages,
        threads=24,
    ).start()
    out = play_round(port, made["event"], games, made["sessions"], args, on_third=on_third)
    if number < 3:
        out["games"], out["ready"] = pair(port, made, stack, number + 1, out["last"])
    readers.join()
    print(f"  round {number}, {len(games)} tables{name}: {2 * len(games)} posts in "
          f"{out['seconds']:.1f} s, retried {out['retried']}; the app's workers used "
          f"{meter.stop():.0f} s of CPU; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(line("results entered", out["entry"]))
    print(line("results confirmed", out["confirmation"]))
    readers.report()
    lost, wrong = check_held(stack, made["pk"], number, games)
    out["wrong"] = lost + wrong + (0 if standings_checked(stack, made["pk"]) else 1)
    return out


def cost_after(port, made, apps, number: int, costs: list) -> None:
    masters = [process.pid for process, _ in apps]
    p50, cpu = page_cost(port, made["event"], list(made["sessions"].values()), masters)
    costs.append(cpu)
    print(f"  the event page after round {number}: p50 {p50:.0f} ms, {cpu:.0f} ms of CPU per view")


def run(stack: Stack, args, pg: OwnPostgres | None) -> bool:
    made = last_json(stack, MAKE_EVENT.replace("{players}", str(args.players)))
    apps = [stack.start_app(workers=2) for _ in range(2)]
    _, port = stack.start_nginx([p for _, p in apps])
    print(f"An event of {args.players:,} players behind nginx and 2 app instances of 2 workers "
          f"({'PostgreSQL of its own' if pg else 'SQLite'}); {args.clients} clients; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    warm_up(port, made)
    baseline(port, args)
    games, _ = pair(port, made, stack, 1, None)
    targets, costs = Targets(), []
    out = a_round(stack, port, made, games, args, 1, name=" at peak")
    for kind in ("entry", "confirmation"):
        targets.check(f"round 1: p95 of a result's {kind}", pct(out[kind].ms, 0.95), P95_TARGET)
    round_targets(targets, out, 1)
    cost_after(port, made, apps, 1, costs)
    victim, victim_port = apps[0]
    kill = partial(os.killpg, victim.pid, signal.SIGKILL)  # the instance: master and workers
    out = a_round(stack, port, made, out["games"], args, 2, on_third=kill,
                  name=", one instance killed a third of the way")  # fmt: skip
    round_targets(targets, out, 2)
    apps[0] = stack.start_app(workers=2, port=victim_port)  # as systemd would
    warm_up(port, made)
    cost_after(port, made, apps, 2, costs)
    restarts: list[float] = []
    restart = (lambda: restarts.append(pg.restart())) if pg else None
    out = a_round(stack, port, made, out["games"], args, 3, on_third=restart,
                  name=", PostgreSQL restarted a third of the way" if pg else "")  # fmt: skip
    if restarts:
        print(f"  PostgreSQL was back {restarts[0]:.1f} s after its restart began")
    round_targets(targets, out, 3)
    cost_after(port, made, apps, 3, costs)
    targets.check("the event page's CPU per view after round 3", costs[-1], 1.5 * costs[0] + 2)
    return targets.report()


def round_targets(targets: Targets, out: dict, number: int) -> None:
    targets.check(f"round {number}: results lost, doubled or wrong in the standings",
                  out["wrong"], 0, "")  # fmt: skip
    if "ready" in out:
        targets.check(f"round {number + 1} paired after the last confirmation", out["ready"],
                      PAIRING_TARGET)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument(
        "--open-pages",
        type=float,
        default=0.5,
        help="the share of players whose event page stays open and polls (default 0.5)",
    )
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    if not (nginx_binary() and redis_binary()):
        print("nginx and redis-server are needed: make stack-deps")
        return 1
    pg = OwnPostgres().start() if available() else None
    if pg:
        os.environ["DATABASE_URL"] = pg.url  # the stack makes its databases there
    else:
        os.environ.pop("DATABASE_URL", None)
    try:
        template = prepare_template()
        stack = Stack.create(template=template, redis=True)
        try:
            ok = run(stack, args, pg)
        finally:
            stack.close()
            remove_template(template)
    finally:
        if pg:
            pg.stop()
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
