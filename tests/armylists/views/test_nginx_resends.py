"""nginx may pass an edit to another app instance when the first went away without answering
(docs/deploy/nginx-site.conf.template). That is safe only for views that check the version of
the list the edit was made on: this pins that every route the rule covers does."""

from __future__ import annotations

import re

from django.urls import URLPattern, get_resolver

from forgebuilder.serving import nginx_site

DUMMY = {"str": "u1", "int": "0", "slug": "x", "path": "x"}


def resend_rule() -> re.Pattern:
    site = nginx_site(listen="127.0.0.1:8080", apps=["127.0.0.1:8000"], static_root="/srv")
    found = re.search(r"location ~ (\S+) \{[^}]*non_idempotent", site)
    assert found, "the site no longer resends versioned edits"
    return re.compile(found.group(1))


def list_routes(public_id: str) -> list[str]:
    """Every route of the site as a path, its parameters filled with sample values."""
    paths = []
    for entry in get_resolver().url_patterns:
        patterns = getattr(entry, "url_patterns", [entry])
        prefix = str(entry.pattern) if hasattr(entry, "url_patterns") else ""
        for pattern in patterns:
            if not isinstance(pattern, URLPattern):
                continue
            route = prefix + str(pattern.pattern)
            path = "/" + re.sub(
                r"<(?:(\w+):)?(\w+)>",
                lambda m: public_id if m.group(2) == "public_id" else DUMMY[m.group(1) or "str"],
                route,
            )
            paths.append(path)
    return paths


def test_the_rule_covers_the_edit_routes_and_no_list_level_action(army_list):
    rule = resend_rule()
    covered = [p for p in list_routes(army_list.public_id) if rule.search(p)]
    assert f"/lists/{army_list.public_id}/units/add" in covered
    assert f"/lists/{army_list.public_id}/units/u1/duplicate" in covered  # versioned too
    assert f"/lists/{army_list.public_id}/undo" in covered
    for action in ("duplicate", "rename", "delete", "restore", "share"):
        assert f"/lists/{army_list.public_id}/{action}" not in covered
    assert not any(p.startswith(("/lists/new", "/lists/import", "/s/")) for p in covered)


def test_every_route_the_rule_covers_refuses_an_edit_without_a_version(client, army_list):
    covered = [p for p in list_routes(army_list.public_id) if resend_rule().search(p)]
    assert len(covered) >= 10
    for path in covered:
        response = client.post(path, {"datasheet": "captain", "name": "x"})
        assert response.status_code == 400, path
        assert "&#x27;version&#x27; must be a whole number." in response.content.decode(), path
