"""The production stack under abuse (issue 23), on loopback: nginx's own answers carry the
security headers and the API's JSON shape, and Redis stopped in the middle of load costs cached
pages and counts only: no 500 on share pages, logins or imports, and /healthz says the cache is
down. Redis is stopped by the last test of this module (its stack is the module's own)."""

from __future__ import annotations

import gzip
import json
import threading

import pytest

from .harness import HOST, Browser, token


@pytest.fixture(scope="module")
def site(stack):
    _app, port = stack.start_app(workers=2)
    _, nginx = stack.start_nginx([port])
    return stack, nginx


def test_static_files_from_nginx_carry_the_security_headers(site):
    _, nginx = site
    answer = Browser(nginx).get("/static/js/app.js")

    assert answer.status == 200
    headers = {k.lower(): v for k, v in answer.headers.items()}
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["content-security-policy"].startswith("default-src 'none'")
    assert headers["strict-transport-security"].startswith("max-age=31536000")


def test_stylesheets_and_scripts_come_compressed_to_browsers_that_accept_gzip(site):
    """nginx sends the gzipped copy collectstatic wrote beside each file (no compressing per
    request), and collectstatic wrote no Brotli copy, which nginx could not send."""
    stack, nginx = site
    collected = stack.template / "static"
    for path in ("/static/css/app.css", "/static/js/editor.js"):
        plain = Browser(nginx).get(path)
        packed = Browser(nginx).get(path, headers={"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in plain.headers
        assert packed.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.body) == plain.body
        assert len(packed.body) * 2 < len(plain.body)
        copy = collected / (path.removeprefix("/static/") + ".gz")
        assert packed.body == copy.read_bytes()  # on the fly, nginx's bytes would differ
        assert int(packed.headers["Content-Length"]) == copy.stat().st_size  # not chunked
    assert list(collected.rglob("*.br")) == []


def test_static_files_under_hashed_names_are_kept_by_browsers_for_a_year_unasked(site):
    """A file under the name holding its hash (the name every page links to) never changes:
    nginx marks it immutable, so a phone reopening the editor asks for none of its scripts
    and stylesheets again. A file under its plain name may change at the next deploy: kept
    for a week, as before, then asked again."""
    stack, nginx = site
    manifest = json.loads((stack.template / "static" / "staticfiles.json").read_text())
    for name in ("js/editor.js", "css/app.css", "vendor/htmx/htmx-2.0.11.min.js"):
        hashed = Browser(nginx).get(f"/static/{manifest['paths'][name]}")
        plain = Browser(nginx).get(f"/static/{name}")
        assert hashed.status == plain.status == 200
        assert hashed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert plain.headers["Cache-Control"] == "max-age=604800"
        assert hashed.headers["X-Content-Type-Options"] == "nosniff"  # still the headers


def test_an_api_body_over_nginxs_limit_gets_the_apis_json_error(site):
    _, nginx = site
    body = b"{" + b" " * (3 * 1024 * 1024 + 10) + b"}"
    import http.client

    connection = http.client.HTTPConnection(HOST, nginx, timeout=60)
    try:
        connection.request(
            "POST", "/api/validate", body=body, headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        status, kind, answer = response.status, response.getheader("Content-Type"), response.read()
    finally:
        connection.close()

    assert status == 413
    assert kind.startswith("application/json")
    assert "larger than 3 MB" in json.loads(answer)["errors"][0]["message"]


def test_redis_stopped_mid_load_gives_no_500_and_healthz_says_the_cache_is_down(site):
    stack, nginx = site
    username = f"ada-{token()}"
    password = stack.make_user(username)
    owner = Browser(nginx)
    public_id = owner.new_list("Under load")
    share = owner.share(public_id)
    document = json.dumps(owner.document(public_id))
    assert json.loads(Browser(nginx).get("/healthz").text)["cache"]["ok"] is True

    statuses: list[int] = []
    stop = threading.Event()

    def visitors():
        while not stop.is_set():
            statuses.append(Browser(nginx).get(f"/s/{share}/").status)

    load = threading.Thread(target=visitors)
    load.start()
    try:
        redis = next(p for p in stack.processes if "redis" in str(p.args[0]))
        stack.stop(redis)
        after = {
            "share page": Browser(nginx).get(f"/s/{share}/").status,
            "login": Browser(nginx)
            .post("/accounts/login/", {"username": username, "password": password})
            .status,
            "wrong login": Browser(nginx)
            .post("/accounts/login/", {"username": username, "password": "wrong"})
            .status,
            "import": owner.post("/lists/import/", {"document": document}).status,
        }
        health = Browser(nginx).get("/healthz")
    finally:
        stop.set()
        load.join(timeout=60)

    assert statuses and all(s == 200 for s in statuses), sorted(set(statuses))
    assert after == {"share page": 200, "login": 302, "wrong login": 200, "import": 302}
    answer = json.loads(health.text)
    assert health.status == 200
    assert (answer["status"], answer["database"]["ok"], answer["cache"]["ok"]) == (
        "degraded",
        True,
        False,
    )
