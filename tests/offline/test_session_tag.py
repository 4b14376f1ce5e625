"""Every answer names its session by a keyed digest (X-Fb-Session), which the service worker
keeps with the private pages it saves: pages of one session are dropped when a page of My lists
arrives for another session or none (templates/offline/sw.js)."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse


def test_each_session_has_its_own_tag_that_does_not_reveal_the_key(client, db, ada):
    client.force_login(ada)
    first = client.get(reverse("armylists:my_lists"))["X-Fb-Session"]
    client.logout()
    client.force_login(ada)
    second = client.get(reverse("armylists:my_lists"))["X-Fb-Session"]
    fresh = Client().get(reverse("home"))["X-Fb-Session"]

    assert len(first) == 24 and len(second) == 24
    assert first != second  # a new session, a new tag
    assert fresh == "none"  # no session yet
    assert client.session.session_key not in second


def test_public_pages_mark_the_personal_part_of_the_header(client, db, ada):
    client.force_login(ada)
    html = client.get(reverse("home")).content.decode()
    start, end = html.index("<!--fb-personal-->"), html.index("<!--/fb-personal-->")
    assert "ada" in html[start:end]
    outside = html[:start].split("<body")[-1] + html[end:].split("</header>")[0]
    # the CSRF token htmx sends is random text, which may hold any three letters
    outside = re.sub(r"hx-headers='[^']*'", "", outside)
    assert "ada" not in outside
