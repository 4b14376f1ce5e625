"""The nginx configuration that fronts gunicorn, rendered from the templates in docs/deploy/.

`manage.py nginx_config` prints it for a server; the stack tests and the benchmark write a
standalone copy on loopback ports with the same function, so what is tested is what ships.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from string import Template

from django.conf import settings

TEMPLATES_DIR = Path(settings.BASE_DIR) / "docs" / "deploy"
SITE_TEMPLATE = TEMPLATES_DIR / "nginx-site.conf.template"
STANDALONE_TEMPLATE = TEMPLATES_DIR / "nginx-standalone.conf.template"


def nginx_site(
    *,
    listen: str,
    apps: Sequence[str],
    static_root: str | Path,
    server_name: str = "_",
    forwarded_proto: str = "$scheme",
) -> str:
    """The `upstream` and `server` blocks: nginx on `listen`, passing to the gunicorn `apps`."""
    if not apps:
        raise ValueError("name at least one app instance (host:port) behind nginx")
    servers = "\n".join(f"    server {app} max_fails=1 fail_timeout=5s;" for app in apps)
    return Template(SITE_TEMPLATE.read_text()).substitute(
        listen=listen,
        server_name=server_name,
        upstream_servers=servers,
        static_root=str(static_root).rstrip("/"),
        forwarded_proto=forwarded_proto,
    )


def nginx_standalone(*, prefix: str | Path, **site: object) -> str:
    """A whole nginx.conf around `nginx_site(**site)`, keeping its files under `prefix`."""
    body = nginx_site(**site)  # type: ignore[arg-type]
    indented = "\n".join(f"    {line}" if line else line for line in body.splitlines())
    return Template(STANDALONE_TEMPLATE.read_text()).substitute(
        prefix=str(prefix).rstrip("/"), site=indented
    )
