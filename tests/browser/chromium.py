"""Which Chromium (or Chrome) the browser tests drive, found the same way by pytest and make.

`CHROMIUM_PATH` wins when set (and must then name an executable: a wrong path is reported, not
silently replaced). Otherwise the usual names on PATH, then the usual install locations on
Debian, Ubuntu (apt and snap) and macOS (Chromium or Google Chrome apps).

Debian's `chromium-headless-shell` comes first where it is installed (`make browser` installs it
as root): the same Chromium build and the same Blink, without the windowed browser's machinery;
Playwright's own choice for headless runs. The browser tests drew their pages on about a fifth
less CPU with it (`chromium` 40.5 s, the headless shell 32.1 s, on five browser test files).

Without a browser the browser tests are skipped with `HOW_TO_ENABLE`, except in CI (`CI=true`),
which must run them: there a missing browser fails the tests.

Only the standard library is imported: `python3 tests/browser/chromium.py` prints the path found
and exits 0, or prints why none was found and how to install one, and exits 1.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ENV_VAR = "CHROMIUM_PATH"
NAMES_ON_PATH = (
    "chromium-headless-shell",  # Debian's, beside chromium
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
)
LOCATIONS = (
    "/usr/bin/chromium",  # Debian
    "/usr/bin/chromium-browser",  # Ubuntu before snaps, Fedora
    "/snap/bin/chromium",  # Ubuntu
    "/Applications/Chromium.app/Contents/MacOS/Chromium",  # macOS: brew install --cask chromium
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "~/Applications/Chromium.app/Contents/MacOS/Chromium",
    "~/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
HOW_TO_ENABLE = (
    "To run them, install Chromium (Debian: sudo apt-get install chromium; "
    "Ubuntu: sudo snap install chromium; macOS: brew install --cask chromium) "
    f"or set {ENV_VAR} to a Chromium or Google Chrome executable."
)


@dataclass(frozen=True)
class Chromium:
    path: str | None
    problem: str = ""  # why none was found


def _executable(path: str | Path) -> bool:
    path = Path(path).expanduser()
    return path.is_file() and os.access(path, os.X_OK)


def find_chromium(
    env: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] = shutil.which,
    locations: Iterable[str] = LOCATIONS,
) -> Chromium:
    env = os.environ if env is None else env
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        if _executable(chosen):
            return Chromium(str(Path(chosen).expanduser()))
        return Chromium(None, f"{ENV_VAR}={chosen} is not an executable file.")
    for name in NAMES_ON_PATH:
        if found := which(name):
            return Chromium(found)
    for location in locations:
        if _executable(location):
            return Chromium(str(Path(location).expanduser()))
    return Chromium(None, "No Chromium or Google Chrome was found on PATH or where they install.")


def in_ci(env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    return env.get("CI", "").strip().lower() in {"1", "true", "yes"}


def main() -> int:
    chromium = find_chromium()
    if chromium.path:
        print(chromium.path)
        return 0
    print(f"{chromium.problem} {HOW_TO_ENABLE}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
