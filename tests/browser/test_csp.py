"""The editor works under the Content-Security-Policy: no script, style or eval is refused."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_builder import add_unit, expect_points, start_list


@pytest.mark.django_db(transaction=True)
def test_editing_a_list_reports_no_csp_violation(live_server, page, starter_modules):
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e =>"
        " console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )

    start_list(page, live_server.url, "ember-reach/cinderhold", "Under Policy")
    response = page.reload()  # the editor's own answer, as the browser got it
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    expect(page.locator("html")).to_have_class("js")  # static/js/early.js ran
    add_unit(page, "Forge-Thane")  # an htmx edit
    expect_points(page, 40)
    page.reload()
    expect_points(page, 40)

    violations = [m for m in console if "Content Security Policy" in m or "CSP violation" in m]
    assert violations == []
