"""Whether this machine can draw PDFs, and if not, how to turn PDF export on.

WeasyPrint draws PDFs with Pango, a system library pip cannot install. The app runs without it:
only PDF export is off, and the `make run` start-up line, the editor's download buttons and the
PDF addresses say so and give this platform's install command.

Detection asks the loader itself: importing WeasyPrint loads Pango (its import fails with
`OSError` when the library is missing). Where WeasyPrint is not installed yet (the Makefile runs
this file with the system Python before the virtual environment exists), `ctypes.util` looks the
library up instead: `ldconfig` on Linux, the dyld search path on macOS. Homebrew's library folder
is added to that search path on macOS, where it is not searched by default on Apple silicon.

Only the standard library is imported here: `python3 availability.py` works anywhere. It prints
nothing and exits 0 when PDFs can be drawn; otherwise it prints the hint and exits 1.
Setting `FORGEBUILDER_PDF=off` turns PDF export off even when Pango is there.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import functools
import io
import os
import platform
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

OFF_SWITCH = "FORGEBUILDER_PDF"
DEBIAN_PACKAGES = (
    "libpango-1.0-0",
    "libpangoft2-1.0-0",
    "libharfbuzz-subset0",
    "fonts-dejavu-core",
)
DEBIAN_COMMAND = "sudo apt-get install " + " ".join(DEBIAN_PACKAGES)
MACOS_COMMAND = "brew install pango"
HOMEBREW_LIBRARY_DIRS = ("/opt/homebrew/lib", "/usr/local/lib")


@dataclass(frozen=True)
class PdfSupport:
    available: bool
    reason: str = ""  # why PDF export is off, in one sentence
    install_hint: str = ""  # how to turn it on on this platform

    @property
    def message(self) -> str:
        """The whole explanation in two sentences ('' when PDFs can be drawn)."""
        if self.available:
            return ""
        return f"PDF export is off: {self.reason} To turn it on: {self.install_hint}"


def install_hint(system: str | None = None, has_apt: bool | None = None) -> str:
    """The command that installs what PDFs need on this platform (or on the one given)."""
    system = system or platform.system()
    if system == "Darwin":
        return f"{MACOS_COMMAND}, then restart forgebuilder."
    if has_apt is None:
        has_apt = shutil.which("apt-get") is not None
    if has_apt:
        return f"{DEBIAN_COMMAND}, then restart forgebuilder."
    return (
        "install Pango (1.44 or newer) and a font such as DejaVu with your package manager "
        f"(Debian/Ubuntu: {DEBIAN_COMMAND}; macOS: {MACOS_COMMAND}), then restart forgebuilder."
    )


def add_homebrew_to_search_path() -> None:
    """On macOS, let the loader's fallback search find Homebrew's libraries."""
    if platform.system() != "Darwin":
        return
    present = [p for p in os.environ.get("DYLD_FALLBACK_LIBRARY_PATH", "").split(":") if p]
    extra = [d for d in HOMEBREW_LIBRARY_DIRS if Path(d).is_dir() and d not in present]
    if extra:
        defaults = [str(Path.home() / "lib"), "/usr/local/lib", "/lib", "/usr/lib"]
        joined = present or defaults
        os.environ["DYLD_FALLBACK_LIBRARY_PATH"] = ":".join(
            extra + [p for p in joined if p not in extra]
        )


def pango_problem() -> str:
    """Why Pango cannot be loaded, or '' when it can."""
    if os.environ.get(OFF_SWITCH, "").strip().lower() in {"off", "0", "false", "no"}:
        return f"{OFF_SWITCH}=off is set."
    add_homebrew_to_search_path()
    try:
        # WeasyPrint prints its own troubleshooting banner when a library is missing; ours says more.
        with contextlib.redirect_stdout(io.StringIO()):
            import weasyprint  # noqa: F401  (loads Pango, HarfBuzz and fontconfig)
    except ModuleNotFoundError:
        # WeasyPrint is not installed (yet): ask the loader's own lookup.
        if ctypes.util.find_library("pango-1.0") and ctypes.util.find_library("pangoft2-1.0"):
            return ""
        return "Pango, the text-layout library WeasyPrint draws PDFs with, is not installed."
    except OSError:
        return "Pango, the text-layout library WeasyPrint draws PDFs with, cannot be loaded."
    return ""


@functools.cache
def pdf_support() -> PdfSupport:
    """Whether PDFs can be drawn here (looked up once per process)."""
    problem = pango_problem()
    if not problem:
        return PdfSupport(available=True)
    if problem.startswith(OFF_SWITCH):
        return PdfSupport(False, problem, f"unset {OFF_SWITCH}, then restart forgebuilder.")
    return PdfSupport(available=False, reason=problem, install_hint=install_hint())


def main() -> int:
    # Run as a script, this folder comes first on sys.path; its modules must not shadow others.
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        sys.path.pop(0)
    support = pdf_support()
    if support.available:
        return 0
    print(support.message)
    return 1


if __name__ == "__main__":
    sys.exit(main())
