"""Anonymous readers of a share page are answered from nginx's cache, behind TLS, in front of
two instances; signed-in readers and readers with a session never are; a revoked link or a
changed list stops being served within 5 seconds (views/share.py PUBLIC_SECONDS, the /s/
location of docs/deploy/nginx-site.conf.template)."""

from __future__ import annotations

import gzip
import time

import pytest

from .conftest import require
from .harness import Browser, openssl_binary, token

PROMISED = 5.0  # seconds: a revoked link or an edit shows within this


@pytest.fixture(scope="module")
def site(stack):
    """(stack, nginx's TLS port): nginx ending TLS in front of two instances of two workers."""
    require("openssl", openssl_binary())
    _, one = stack.start_app(workers=2)
    _, two = stack.start_app(workers=2)
    _, port = stack.start_nginx([one, two], tls=True)
    return stack, port


def shared_list(port: int, name: str) -> tuple[Browser, str, str]:
    """An anonymous owner's list with a live link: (owner, public id, share token)."""
    owner = Browser(port, tls=True)
    public_id = owner.new_list(name)
    return owner, public_id, owner.share(public_id)


def held_by_nginx(port: int, share: str) -> Browser:
    """An anonymous reader, after the page is in nginx's cache."""
    reader = Browser(port, tls=True)
    reader.get(f"/s/{share}/")
    assert reader.get(f"/s/{share}/").headers["X-Cache-Status"] == "HIT"
    return reader


def served_until(reader: Browser, url: str, still: callable) -> float:
    """Seconds from now to the asking of the last read of `url` for which `still(answer)` held
    (0 when none did). The promise is about what a reader who asks later is told, so the time
    an answer takes to come back on a busy machine does not count against it."""
    started = time.monotonic()
    last_held = None
    while True:
        asked = time.monotonic()
        if not still(reader.get(url)):
            return 0.0 if last_held is None else last_held - started
        last_held = asked
        assert time.monotonic() - started < 3 * PROMISED, "still served long after the promise"
        time.sleep(0.1)


def test_an_anonymous_reader_is_answered_from_nginx_the_second_time(site):
    _, port = site
    _, _, share = shared_list(port, f"Read Twice {token()}")
    reader = Browser(port, tls=True)

    first, second = reader.get(f"/s/{share}/"), reader.get(f"/s/{share}/")

    assert first.status == second.status == 200
    assert first.headers["X-Cache-Status"] == "MISS"
    assert second.headers["X-Cache-Status"] == "HIT"
    assert second.body == first.body and "Read Twice" in second.text
    assert reader.set_cookie_headers == [] and not reader.cookies  # no cookie, cached or not
    assert "s-maxage=3" in second.headers["Cache-Control"]
    for header in ("Content-Security-Policy", "Strict-Transport-Security", "X-Frame-Options"):
        assert second.headers[header] == first.headers[header]
    # Another anonymous reader, with an unrelated cookie, gets the same copy.
    other = Browser(port, tls=True)
    other.cookies["csrftoken"] = "x" * 32
    assert other.get(f"/s/{share}/").headers["X-Cache-Status"] == "HIT"
    # A browser's conditional request is answered by nginx too.
    again = reader.get(f"/s/{share}/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status == 304 and again.headers["X-Cache-Status"] == "HIT"


def test_readers_who_accept_gzip_get_their_own_compressed_copy_from_nginx(site):
    _, port = site
    _, _, share = shared_list(port, f"Packed {token()}")
    packing, plain = Browser(port, tls=True), Browser(port, tls=True)
    accepts = {"Accept-Encoding": "gzip, deflate, br"}

    first = packing.get(f"/s/{share}/", headers=accepts)
    second = packing.get(f"/s/{share}/", headers=accepts)
    as_is = [plain.get(f"/s/{share}/") for _ in range(2)]

    assert [first.headers["X-Cache-Status"], second.headers["X-Cache-Status"]] == ["MISS", "HIT"]
    assert second.headers["Content-Encoding"] == "gzip"
    # the plain reader is never handed the compressed copy: a copy of its own
    assert [a.headers["X-Cache-Status"] for a in as_is] == ["MISS", "HIT"]
    assert all("Content-Encoding" not in a.headers for a in as_is)
    assert gzip.decompress(second.body) == as_is[1].body
    assert "Packed" in as_is[1].text and len(second.body) * 3 < len(as_is[1].body)


def test_a_signed_in_reader_or_one_with_a_session_is_never_answered_from_the_cache(site):
    stack, port = site
    username = f"quill-{token()}"
    password = stack.make_user(username)
    member = Browser(port, tls=True)
    login = member.post("/accounts/login/", {"username": username, "password": password})
    assert login.status == 302
    public_id = member.new_list(f"Signed In {token()}")
    share = member.share(public_id)
    Browser(port, tls=True).get(f"/s/{share}/")  # an anonymous read fills the cache
    assert Browser(port, tls=True).get(f"/s/{share}/").headers["X-Cache-Status"] == "HIT"

    own = [member.get(f"/s/{share}/") for _ in range(2)]
    anonymous_owner, _, other_share = shared_list(port, f"Session {token()}")
    Browser(port, tls=True).get(f"/s/{other_share}/")
    with_session = anonymous_owner.get(f"/s/{other_share}/")

    assert [a.headers["X-Cache-Status"] for a in own] == ["BYPASS", "BYPASS"]
    assert all(username in a.text and "private" in a.headers["Cache-Control"] for a in own)
    assert with_session.headers["X-Cache-Status"] == "BYPASS"
    # and what the member was shown never reaches an anonymous reader
    after = Browser(port, tls=True).get(f"/s/{share}/")
    assert after.headers["X-Cache-Status"] == "HIT" and username not in after.text


def test_a_revoked_link_stops_being_served_within_five_seconds(site):
    _, port = site
    owner, public_id, share = shared_list(port, f"Revoked {token()}")
    reader = held_by_nginx(port, share)

    revoked = owner.post(f"/lists/{public_id}/share/{share}/revoke", {})
    assert revoked.status == 302
    gone_after = served_until(reader, f"/s/{share}/", lambda a: a.status == 200)

    assert reader.get(f"/s/{share}/").status == 404
    assert gone_after < PROMISED


def test_a_changed_list_shows_to_anonymous_readers_within_five_seconds(site):
    _, port = site
    owner, public_id, share = shared_list(port, f"Before {token()}")
    reader = held_by_nginx(port, share)

    renamed = owner.post(f"/lists/{public_id}/rename", {"name": "After The Edit"})
    assert renamed.status in (200, 302)
    shown_after = served_until(reader, f"/s/{share}/", lambda a: "After The Edit" not in a.text)

    assert shown_after < PROMISED
