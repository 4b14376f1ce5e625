"""What bench_event_day.py does besides the results: the readers of an event during a round
(players reloading their page, readers without a session following its link, the hall's
screens polling), `/healthz` beside them, the event page's cost after each round, and the
server-side checks (what the database holds, the standings against a recomputation)."""

from __future__ import annotations

import bisect
import json
import random
import re
import threading
import time
from collections import Counter
from pathlib import Path

from tests.stack.harness import Browser

SCREENS = 4  # the hall's screens, each polling every PROJECTOR_POLL_SECONDS
POLL_SECONDS = 10
#: How often an open page asks for each of its parts (EVENT_NOW_POLL_SECONDS,
#: EVENT_BOARD_POLL_SECONDS)
PHONE_SECONDS = {"now": 15, "board": 45}
STAMP = {part: re.compile(rf'id="{part}"[^>]*data-stamp="(\w+)"') for part in ("now", "board")}


class Tally:
    """Latencies, answers and X-Cache-Status of one kind of request, from several threads."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self.status: Counter = Counter()
        self.cache: Counter = Counter()
        self.lock = threading.Lock()

    def add(self, ms: float, status: int, cache: str = "") -> None:
        with self.lock:
            self.ms.append(ms)
            self.status[status] += 1
            if cache:
                self.cache[cache] += 1


def pct(ms: list[float], p: float) -> float:
    ordered = sorted(ms)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else 0.0


def line(name: str, tally: Tally) -> str:
    ms = tally.ms
    said = f"  {name}: {len(ms)}, p50 {pct(ms, .5):.0f} / p95 {pct(ms, .95):.0f} / p99 " \
           f"{pct(ms, .99):.0f} / max {max(ms, default=0):.0f} ms; answers {dict(tally.status)}"  # fmt: skip
    if tally.cache:
        said += f"; X-Cache-Status {dict(tally.cache)}"
    return said


def fetch(browser: Browser, url: str, tally: Tally):
    """GET `url`, counted in `tally`; the answer (None when the connection failed)."""
    start = time.perf_counter()
    try:
        answer = browser.get(url)
    except OSError:
        tally.add((time.perf_counter() - start) * 1000, 0)
        return None
    tally.add((time.perf_counter() - start) * 1000, answer.status,
              answer.headers.get("X-Cache-Status", "-"))  # fmt: skip
    return answer


def player_browser(port: int, session: str) -> Browser:
    browser = Browser(port)
    browser.cookies["sessionid"] = session
    return browser


class Readers:
    """Readers of the event through nginx for `seconds`: every player reloads their page once
    (signed in: drawn by the app for them), as many reads again by readers without a session
    following the event's link (spectators, a player not logged in on a second phone), half
    of them, SCREENS screens load the hall's page and poll it, and /healthz twice a second.
    Each read is at a random moment of the round; `threads` clients."""

    def __init__(
        self, port, event_id, sessions, seconds, *, threads=8, seed=1, open_pages=0.0
    ) -> None:
        self.port, self.seconds, self.threads = port, seconds, threads
        self.page = f"/events/{event_id}/"
        self.projector = f"/events/{event_id}/projector/"
        rng = random.Random(seed)
        reads = [(rng.uniform(0, seconds), "player", s) for s in sessions]
        reads += [(rng.uniform(0, seconds), "anonymous", "") for _ in range(len(sessions) // 2)]
        # the phones whose event page stays open: after its reload, each asks for its "now"
        # section and its board every PHONE_SECONDS with the stamps its page gave
        phones = set(rng.sample(range(len(sessions)), int(len(sessions) * open_pages)))
        self.phones = {sessions[n] for n in phones}
        self.reads = sorted(reads)
        self.stamps: dict[tuple[str, str], str] = {}
        kinds = ("player", "anonymous", "screen", "poll", "now", "board", "healthz")
        self.tally = {k: Tally() for k in kinds}
        self.workers: list[threading.Thread] = []

    def start(self) -> Readers:
        self.started = time.perf_counter()
        self.at = 0
        self.lock = threading.Lock()
        self.workers = [threading.Thread(target=self._reader) for _ in range(self.threads)]
        self.workers += [threading.Thread(target=self._screen, args=(n,)) for n in range(SCREENS)]
        self.workers.append(threading.Thread(target=self._healthz))
        for worker in self.workers:
            worker.start()
        return self

    def join(self) -> None:
        for worker in self.workers:
            worker.join()

    def _wait_until(self, offset: float) -> bool:
        """Sleep until `offset` seconds into the round; False once the round is over."""
        if offset >= self.seconds:
            return False
        time.sleep(max(0.0, self.started + offset - time.perf_counter()))
        return True

    def _reader(self) -> None:
        while True:
            with self.lock:
                if self.at >= len(self.reads):
                    return
                offset, kind, session = self.reads[self.at]
                self.at += 1
            if kind in ("now", "board"):
                self._poll(offset, kind, session)
                continue
            self._wait_until(offset)
            browser = player_browser(self.port, session) if session else Browser(self.port)
            answer = fetch(browser, self.page, self.tally[kind])
            if session in self.phones and answer is not None and answer.status == 200:
                self._open(offset, session, answer.text)

    def _open(self, offset: float, session: str, page: str) -> None:
        """The page stays open: its parts' first polls are queued, each its period on."""
        with self.lock:
            for part, pattern in STAMP.items():
                found = pattern.search(page)
                if found:
                    self.stamps[(session, part)] = found.group(1)
                    self._queue(offset + PHONE_SECONDS[part], part, session)

    def _queue(self, offset: float, kind: str, session: str) -> None:
        """A read at `offset` into the round, in order among those not yet made (lock held)."""
        if offset < self.seconds:
            bisect.insort(self.reads, (offset, kind, session), lo=self.at)

    def _poll(self, offset: float, part: str, session: str) -> None:
        if not self._wait_until(offset):
            return
        url = f"{self.page}{part}?since={self.stamps[(session, part)]}"
        answer = fetch(player_browser(self.port, session), url, self.tally[part])
        with self.lock:
            if answer is not None and answer.status == 200:
                found = STAMP[part].search(answer.text)
                if found:
                    self.stamps[(session, part)] = found.group(1)
            self._queue(offset + PHONE_SECONDS[part], part, session)

    def _screen(self, number: int) -> None:
        browser = Browser(self.port)
        offset = number * POLL_SECONDS / SCREENS
        self._wait_until(offset)
        answer = fetch(browser, self.projector, self.tally["screen"])
        stamp = re.search(r'data-stamp="(\w+)"', answer.text).group(1) if answer else ""
        while self._wait_until(offset := offset + POLL_SECONDS):
            answer = fetch(browser, f"{self.projector}screen?since={stamp}", self.tally["poll"])
            if answer is not None and answer.status == 200:
                stamp = re.search(r'data-stamp="(\w+)"', answer.text).group(1)

    def _healthz(self) -> None:
        browser, offset = Browser(self.port), 0.0
        while self._wait_until(offset := offset + 0.5):
            fetch(browser, "/healthz", self.tally["healthz"])

    def report(self) -> None:
        names = {
            "player": "players reloading their event page (signed in)",
            "anonymous": "readers of the event page without a session",
            "screen": f"the hall's page, {SCREENS} screens",
            "poll": f"the screens' poll, every {POLL_SECONDS} s",
            "now": f"open pages' own part ('now'), every {PHONE_SECONDS['now']} s "
            f"({len(self.phones)} phones)",
            "board": f"open pages' pairings and standings, every {PHONE_SECONDS['board']} s",
            "healthz": "GET /healthz beside them",
        }
        for kind, name in names.items():
            print(line(name, self.tally[kind]))


class Targets:
    """Each target of the run with what was measured, printed one by one."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float, str]] = []

    def check(self, name: str, value: float, limit: float, unit: str = " ms") -> None:
        self.rows.append((name, value, limit, unit))

    def report(self) -> bool:
        for name, value, limit, unit in self.rows:
            verdict = "met" if value <= limit else "MISSED"
            print(f"  target {name}: {value:.0f}{unit} (at most {limit:.0f}{unit}): {verdict}")
        return all(value <= limit for _, value, limit, _ in self.rows)


def worker_cpu(masters: list[int]) -> float:
    """Seconds of CPU the gunicorn instances' workers (the masters' children) have used."""
    return sum(_workers_cpu(masters).values())


def _workers_cpu(masters: list[int]) -> dict[int, float]:
    found = {}
    for master in masters:
        children = Path(f"/proc/{master}/task/{master}/children")
        try:
            pids = children.read_text().split()
        except OSError:
            continue  # an instance killed
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found[int(pid)] = (int(fields[11]) + int(fields[12])) / 100  # utime + stime
    return found


class CpuMeter:
    """The CPU the app's workers use while it runs, read every half second, so that what a
    worker used before its instance was killed still counts."""

    def __init__(self, masters: list[int]) -> None:
        self.masters, self.seen = masters, {}
        self.before = _workers_cpu(masters)
        self.running = True
        self.thread = threading.Thread(target=self._sample)
        self.thread.start()

    def _sample(self) -> None:
        while self.running:
            self.seen.update(_workers_cpu(self.masters))
            time.sleep(0.5)

    def stop(self) -> float:
        self.running = False
        self.thread.join()
        self.seen.update(_workers_cpu(self.masters))
        return sum(cpu - self.before.get(pid, 0.0) for pid, cpu in self.seen.items())


def page_cost(port, event_id, sessions, masters, *, views=24) -> tuple[float, float]:
    """The event page as `views` different players open it, one after another: (p50 ms,
    CPU ms per view on the app's workers)."""
    tally, cpu = Tally(), worker_cpu(masters)
    for session in sessions[:views]:
        fetch(player_browser(port, session), f"/events/{event_id}/", tally)
    used = (worker_cpu(masters) - cpu) * 1000 / views
    return pct(tally.ms, 0.5), used


CHECK_STANDINGS = """
import json
from forgebuilder.events import selectors
from forgebuilder.events.models import Event, Game
event = Event.objects.get(pk={pk})
rows = {{str(pk): dict(points=0, wins=0, draws=0, losses=0, vp_for=0, vp_against=0)
         for pk in event.entrants.values_list("pk", flat=True)}}
games = Game.objects.filter(round__event=event)
for g in games.filter(status=Game.CONFIRMED):
    if g.second_id is None:
        rows[str(g.first_id)]["wins"] += 1
        rows[str(g.first_id)]["points"] += event.win_points
        continue
    for me, mine, theirs in ((g.first_id, g.first_vp, g.second_vp), (g.second_id, g.second_vp, g.first_vp)):
        row = rows[str(me)]
        row["vp_for"] += mine
        row["vp_against"] += theirs
        kind = "wins" if mine > theirs else "draws" if mine == theirs else "losses"
        row[kind] += 1
        row["points"] += {{"wins": event.win_points, "draws": event.draw_points, "losses": 0}}[kind]
said = {{s.key: dict(points=s.points, wins=s.wins, draws=s.draws, losses=s.losses,
                    vp_for=s.vp_for, vp_against=s.vp_against) for s in selectors.standings_of(event=event)}}
wrong = [key for key, row in rows.items() if said.get(key) != row]
pairs = list(games.values_list("round__number", "first_id", "second_id"))
print(json.dumps({{"entrants": len(rows), "wrong": len(wrong), "games": len(pairs),
                  "distinct": len(set(pairs)), "confirmed": games.filter(status=Game.CONFIRMED).count()}}))
"""


def standings_checked(stack, event_pk: int) -> bool:
    """The standings the pages show against a recomputation from the games' rows: every
    entrant's points, wins, draws, losses and victory points; no game recorded twice."""
    out = stack.manage("shell", "-c", CHECK_STANDINGS.format(pk=event_pk), timeout=300)
    said = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"  standings: {said['entrants'] - said['wrong']} of {said['entrants']} entrants as "
          f"recomputed from {said['confirmed']} confirmed games of {said['games']} "
          f"({said['games'] - said['distinct']} recorded twice)")  # fmt: skip
    return said["wrong"] == 0 and said["games"] == said["distinct"]
