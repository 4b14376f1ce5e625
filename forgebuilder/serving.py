"""The nginx configuration that fronts gunicorn, rendered from the templates in docs/deploy/.

`manage.py nginx_config` prints it for a server; the stack tests and the benchmark write a
standalone copy on loopback ports with the same function, so what is tested is what ships.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from string import Template

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage

TEMPLATES_DIR = Path(settings.BASE_DIR) / "docs" / "deploy"
SITE_TEMPLATE = TEMPLATES_DIR / "nginx-site.conf.template"
STANDALONE_TEMPLATE = TEMPLATES_DIR / "nginx-standalone.conf.template"


# With TLS at nginx: modern protocols only, sessions resumed, and a plain-HTTP server beside
# that sends every request to HTTPS except the health probe (a load balancer's plain check).
TLS_DIRECTIVES = """\
    ssl_certificate {certificate};
    ssl_certificate_key {key};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_prefer_server_ciphers off;
    ssl_session_cache shared:forgebuilder_tls:10m;
    ssl_session_timeout 1d;
    ssl_session_tickets off;
"""
HTTP_SERVER = """\
server {{
    listen {listen};
    server_name {server_name};
    location = /healthz {{
        proxy_pass http://forgebuilder_app;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-Proto http;
    }}
    location / {{
        return 301 https://$host{port}$request_uri;
    }}
}}

"""


def nginx_site(
    *,
    listen: str,
    apps: Sequence[str],
    static_root: str | Path,
    server_name: str = "_",
    forwarded_proto: str = "$scheme",
    tls_certificate: str | Path | None = None,
    tls_key: str | Path | None = None,
    http_listen: str = "80",
    share_cache: str | Path = "/var/cache/nginx/forgebuilder-share",
) -> str:
    """The `upstream` and `server` blocks: nginx on `listen`, passing to the gunicorn `apps`.

    With `tls_certificate` and `tls_key` nginx ends TLS on `listen`, and a second server on
    `http_listen` redirects plain HTTP to HTTPS (the health probe excepted). Anonymous share
    pages are cached in the folder `share_cache`."""
    if not apps or not all(app.strip() for app in apps):
        raise ValueError("name at least one app instance (host:port) behind nginx")
    if bool(tls_certificate) != bool(tls_key):
        raise ValueError("TLS needs both a certificate and its key")
    servers = "\n".join(f"    server {app} max_fails=1 fail_timeout=5s;" for app in apps)
    tls, http_server = "", ""
    if tls_certificate:
        tls = TLS_DIRECTIVES.format(certificate=tls_certificate, key=tls_key)
        listen = f"{listen} ssl"
        https_port = listen.split()[0].rsplit(":", 1)[-1]
        http_server = HTTP_SERVER.format(
            listen=http_listen,
            server_name=server_name,
            port="" if https_port == "443" else f":{https_port}",
        )
    return Template(SITE_TEMPLATE.read_text()).substitute(
        listen=listen,
        server_name=server_name,
        upstream_servers=servers,
        static_root=str(static_root).rstrip("/"),
        forwarded_proto=forwarded_proto,
        tls=tls,
        http_server=http_server,
        share_cache=str(share_cache).rstrip("/"),
        personal_cookies="|".join(re.escape(name) for name in personal_cookies()),
    )


def personal_cookies() -> list[str]:
    """Cookies whose reader may get a page of their own (a session: signed in, a campaign
    invitation; pending messages): nginx never answers them from its cache."""
    return [settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name]


def nginx_standalone(*, prefix: str | Path, **site: object) -> str:
    """A whole nginx.conf around `nginx_site(**site)`, keeping its files under `prefix`."""
    site.setdefault("share_cache", Path(prefix) / "share-cache")
    body = nginx_site(**site)  # type: ignore[arg-type]
    indented = "\n".join(f"    {line}" if line else line for line in body.splitlines())
    return Template(STANDALONE_TEMPLATE.read_text()).substitute(
        prefix=str(prefix).rstrip("/"), site=indented
    )
