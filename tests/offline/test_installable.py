"""The manifest, the service worker script and the offline page, as the server sends them."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage

from forgebuilder.offline.worker import SHELL_STATIC


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as handle:
        header = handle.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def worker_settings(client) -> dict:
    """The settings the worker script is generated with (its `const CONFIG = {...};`)."""
    body = client.get("/sw.js").content.decode()
    return json.loads(body.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])


def test_the_manifest_names_the_app_its_start_page_and_standalone_display(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "forgebuilder"
    assert manifest["start_url"] == "/lists/"
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "/"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")


def test_the_manifest_icons_exist_at_the_sizes_they_claim(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    claimed = {(icon["sizes"], icon["purpose"]) for icon in pngs}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= claimed
    for icon in pngs:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, f"{icon['src']} is not a static file"
        width, height = png_size(path)
        assert f"{width}x{height}" == icon["sizes"]


def test_the_worker_is_served_from_the_root_with_its_scope_and_no_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    config = json.loads(body.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert "/static/css/app.css" in config["shell"]
    assert "/offline/" in config["shell"]
    assert len(config["version"]) == 16


def test_the_worker_version_changes_with_its_limits(client, settings):
    def version() -> str:
        body = client.get("/sw.js").content.decode()
        return json.loads(body.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])["version"]

    before = version()
    settings.OFFLINE_MAX_PAGES = 3
    assert version() != before


def test_the_worker_renders_the_configured_limits(client, settings):
    settings.OFFLINE_MAX_PAGES = 7
    settings.OFFLINE_MAX_BYTES = 12345
    body = client.get("/sw.js").content.decode()
    assert '"maxPages": 7' in body and '"maxBytes": 12345' in body


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_the_worker_registration(client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'data-worker="/sw.js"' in html
    assert '<div id="offline-banner" hidden></div>' in html


@pytest.mark.django_db
def test_the_offline_page_has_the_slot_the_worker_fills_with_saved_pages(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    assert '<ul id="offline-saved" class="offline-saved"></ul>' in response.content.decode()


class LenientManifestStorage(ManifestStaticFilesStorage):
    """Production's hashed static names, computed from static/ without a collectstatic run."""

    manifest_strict = False


@pytest.mark.django_db
def test_the_worker_keeps_the_hashed_static_names_the_pages_use(client, settings):
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {
            "BACKEND": f"{__name__}.LenientManifestStorage",
            "OPTIONS": {"location": str(settings.BASE_DIR / "static")},
        },
    }
    shell = worker_settings(client)["shell"]
    stylesheet = re.search(
        r'<link rel="stylesheet" href="([^"]+)"', client.get("/").content.decode()
    )
    assert stylesheet and re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", stylesheet[1])
    assert stylesheet[1] in shell
    assert all(
        re.search(r"\.[0-9a-f]{12}\.\w+$", url) for url in shell if url.startswith("/static/")
    )


def test_every_script_and_stylesheet_a_template_loads_is_in_the_shell():
    """Offline, a saved page gets its CSS and scripts from the shell the worker pre-caches."""
    templates = Path(__file__).resolve().parents[2] / "templates"
    loaded = {
        found
        for template in templates.rglob("*.html")
        for found in re.findall(
            r"""{% static ['"]([^'"]+\.(?:css|js))['"] %}""", template.read_text()
        )
    }
    assert "css/table.css" in loaded  # the search sees the templates' own references
    assert loaded <= set(SHELL_STATIC), loaded - set(SHELL_STATIC)
