"""Run every benchmark in bench/ one after the other (`make bench`); each prints its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    scripts = sorted(p for p in HERE.glob("bench_*.py"))
    only = set(sys.argv[1:])
    for script in scripts:
        if only and script.stem not in only and script.name not in only:
            continue
        print(f"\n### {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)], cwd=HERE.parent).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"\nFailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
