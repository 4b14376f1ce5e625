"""Importing a roster of another builder at the import limit (1 MB), issue 45.

    .venv/bin/python bench/bench_import_roster.py [--repeat 5]

The largest real BattleScribe roster of the shared folder (`../shared/interop/battlescribe`,
skipped with a message where absent) has its forces copied until the file is just under the
import limit. Timed, best and median of --repeat runs each, beside its baseline on the same
bytes in the same run:

* the .ros read by the import (defusedxml, then the roster tree): baseline, the same bytes
  parsed as plain XML by the standard library (no protection, no tree read);
* the same roster zipped (.rosz): baseline, unzipping it alone;
* the same roster as New Recruit's JSON: baseline, json.loads alone;
* Army Forge's text and the Warhammer app's text at the limit: baseline, splitting the lines;
* the whole import page's reading (`read_import`, which names what it read).

Target: each under 1 s (--strict exits 1 when one is missed).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import statistics
import sys
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import _support  # noqa: F401  (puts the repository on the path)

TARGET_SECONDS = 1.0


def timed(repeat: int, run) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def roster_at_limit(path: Path, limit: int) -> bytes:
    """The roster with its forces copied until it is just under `limit` bytes."""
    ns = "{http://www.battlescribe.net/schema/rosterSchema}"
    ElementTree.register_namespace("", ns[1:-1])
    root = ElementTree.fromstring(path.read_bytes())
    forces = root.find(f"{ns}forces")
    originals = list(forces)
    while True:
        for force in originals:
            forces.append(copy.deepcopy(force))
        data = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
        if len(data) > limit:
            forces.remove(forces[-1])
            return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def repeated(
    path: Path, *, limit: int = 0, copies: int = 0, units_from: str = "\n", footer: str = ""
) -> str:
    """The fixture's units (from the line `units_from`) repeated `copies` times, or up to
    `limit` bytes; what is above them once, a footer line once."""
    text = path.read_text(encoding="utf-8")
    if footer:
        text = "\n".join(line for line in text.splitlines() if not line.startswith(footer))
    at = text.index(units_from)
    head, body = text[:at], "\n" + text[at:].strip() + "\n"
    copies = copies or (limit - len(head) - 100) // (len(body.encode()) + 1)
    return head + body * copies + (f"\n{footer} v1\n" if footer else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()

    import django

    django.setup()
    from forgebuilder.lists.documents import DocumentError
    from forgebuilder.lists.importers.app_text import read_app_text
    from forgebuilder.lists.importers.armyforge_text import read_armyforge_text
    from forgebuilder.lists.importers.battlescribe import read_roster
    from forgebuilder.lists.importers.detect import read_import
    from forgebuilder.lists.importers.newrecruit import read_json_roster
    from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES
    from tests.armylists.importers.test_newrecruit import as_new_recruit_json
    from tests.conftest import SHARED

    rosters = sorted(
        (SHARED / "interop" / "battlescribe").glob("*/*.ros"), key=lambda p: -p.stat().st_size
    )
    if not rosters:
        print(f"skipped: no BattleScribe rosters under {SHARED / 'interop' / 'battlescribe'}")
        return 0
    source = rosters[0]
    ros = roster_at_limit(source, MAX_IMPORT_BYTES - 1000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("army.ros", ros)
    rosz = buffer.getvalue()
    as_json = json.dumps({"roster": as_new_recruit_json(ElementTree.fromstring(ros))})
    while len(as_json.encode()) > MAX_IMPORT_BYTES:  # JSON is wordier: fewer forces
        data = json.loads(as_json)
        data["roster"]["forces"].pop()
        as_json = json.dumps(data)
    texts = Path(__file__).resolve().parents[1] / "tests/armylists/importers/fixtures/text"
    fixture, app_fixture = texts / "armyforge.txt", texts / "app_en.txt"
    app_shape = {"units_from": "CHARACTERS", "footer": "Exported with"}
    forge = repeated(fixture, limit=MAX_IMPORT_BYTES - 1000)
    app = repeated(app_fixture, limit=MAX_IMPORT_BYTES - 1000, **app_shape)
    # the largest lists a text may hold: 400 units (a longer one is refused at unit 401)
    forge_400 = repeated(fixture, copies=400 // 3)
    app_400 = repeated(app_fixture, copies=400 // 6, **app_shape)
    units = len(read_roster(ros).units())
    app_units = len(read_app_text(app_400).units())

    def page(raw):
        with contextlib.suppress(DocumentError):  # a foreign roster is named until it is kept
            read_import(raw)

    rows = [
        (f".ros ({len(ros):,} bytes, {units} units)", lambda: read_roster(ros),
         "plain XML parse", lambda: ElementTree.fromstring(ros)),
        (f".rosz ({len(rosz):,} bytes)", lambda: read_roster(rosz),
         "unzip alone", lambda: zipfile.ZipFile(io.BytesIO(rosz)).read("army.ros")),
        (f"New Recruit JSON ({len(as_json):,} bytes)", lambda: read_json_roster(json.loads(as_json)),
         "json.loads alone", lambda: json.loads(as_json)),
        (f"Army Forge text, 400 units ({len(forge_400):,} chars)", lambda: read_armyforge_text(forge_400),
         "splitting its lines", lambda: forge_400.splitlines()),
        (f"Army Forge text at 1 MB ({len(forge):,} chars): refused", lambda: page(forge),
         "splitting its lines", lambda: forge.splitlines()),
        (f"Warhammer app text, {app_units} units ({len(app_400):,} chars)", lambda: read_app_text(app_400),
         "splitting its lines", lambda: app_400.splitlines()),
        (f"Warhammer app text at 1 MB ({len(app):,} chars): refused", lambda: page(app),
         "splitting its lines", lambda: app.splitlines()),
        (".ros through the import page", lambda: page(ros),
         "plain XML parse", lambda: ElementTree.fromstring(ros)),
    ]  # fmt: skip
    print(f"Rosters at the import limit ({MAX_IMPORT_BYTES:,} bytes), from {source.name}; "
          f"best / median of {args.repeat}:")  # fmt: skip
    missed = False
    for name, run, base_name, base in rows:
        best, median = timed(args.repeat, run)
        base_best, _ = timed(args.repeat, base)
        ok = best < TARGET_SECONDS
        missed |= not ok
        print(f"  {name:48} {best * 1000:7.1f} / {median * 1000:7.1f} ms  "
              f"(baseline, {base_name}: {base_best * 1000:6.1f} ms; x{best / base_best:5.1f}) "
              f"{'MET' if ok else 'MISSED'}")  # fmt: skip
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
