"""Development logging prints each line once (runserver printed every line twice)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO

LOG_TWO_LINES = """
import logging
import django

django.setup()
logging.getLogger("django.request").warning("Not Found: /no-such-page")
logging.getLogger("django.server").info('"GET / HTTP/1.1" 200 5', extra={"status_code": 200})
logging.getLogger("forgebuilder.anything").warning("a warning of ours")
"""


def test_django_and_runserver_lines_are_printed_once():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.dev"}

    result = subprocess.run(
        [sys.executable, "-c", LOG_TWO_LINES], cwd=REPO, env=env,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip

    lines = result.stderr.splitlines()
    assert lines.count("Not Found: /no-such-page") == 1
    server_lines = [line for line in lines if '"GET / HTTP/1.1" 200 5' in line]
    assert len(server_lines) == 1
    assert server_lines[0].startswith("[")  # with its timestamp, as Django prints it
    assert lines.count("a warning of ours") == 1


def test_make_run_serves_the_sites_own_error_pages():
    # `make run` uses the development settings: DEBUG must be asked for, or a player opening a
    # revoked share link on a club's laptop is shown Django's technical 404 (every address).
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    for debug, expected in ((None, "False"), ("true", "True")):
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "forgebuilder.settings.dev"}
        env.pop("DEBUG", None)
        if debug:
            env["DEBUG"] = debug
        result = subprocess.run(
            [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
            timeout=60,
        )  # fmt: skip
        assert result.stdout.strip() == expected, result.stderr
