"""Print the nginx configuration that fronts forgebuilder's gunicorn instances (docs/deploy.md)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from forgebuilder.serving import nginx_site, nginx_standalone


class Command(BaseCommand):
    help = (
        "Print the nginx site (or, with --standalone PREFIX, a whole nginx.conf) for forgebuilder."
    )

    def add_arguments(self, parser):
        parser.add_argument("--listen", help="nginx's listen address (default 80, or 443 with TLS)")
        parser.add_argument(
            "--app", action="append", default=[], metavar="HOST:PORT",
            help="a gunicorn instance; repeat for each (default 127.0.0.1:8000)",
        )  # fmt: skip
        parser.add_argument("--server-name", default="_", help="server_name (default _)")
        parser.add_argument(
            "--static-root", default=str(settings.STATIC_ROOT),
            help="where collectstatic put the files (default STATIC_ROOT)",
        )  # fmt: skip
        parser.add_argument(
            "--forwarded-proto", default="$scheme",
            help="X-Forwarded-Proto sent to the app: $scheme, or https when TLS ends before nginx",
        )  # fmt: skip
        parser.add_argument(
            "--tls-certificate", metavar="PATH",
            help="end TLS at nginx with this certificate (full chain); --listen then defaults "
            "to 443 and a server on --http-listen redirects plain HTTP to HTTPS",
        )  # fmt: skip
        parser.add_argument("--tls-key", metavar="PATH", help="the certificate's private key")
        parser.add_argument(
            "--http-listen", default="80",
            help="with TLS: where plain HTTP is redirected (and /healthz answered); default 80",
        )  # fmt: skip
        parser.add_argument(
            "--share-cache", metavar="DIR",
            help="where nginx keeps anonymous share pages (default "
            "/var/cache/nginx/forgebuilder-share, or PREFIX/share-cache with --standalone)",
        )  # fmt: skip
        parser.add_argument(
            "--standalone", metavar="PREFIX",
            help="print a whole nginx.conf keeping its pid, logs and temporary files in PREFIX",
        )  # fmt: skip

    def handle(self, *args, **options):
        tls = bool(options["tls_certificate"])
        site = {
            "listen": options["listen"] or ("443" if tls else "80"),
            "apps": options["app"] or ["127.0.0.1:8000"],
            "static_root": options["static_root"],
            "server_name": options["server_name"],
            "forwarded_proto": options["forwarded_proto"],
            "tls_certificate": options["tls_certificate"],
            "tls_key": options["tls_key"],
            "http_listen": options["http_listen"],
        }
        if options["share_cache"]:
            site["share_cache"] = options["share_cache"]
        try:
            if options["standalone"]:
                text = nginx_standalone(prefix=options["standalone"], **site)
            else:
                text = nginx_site(**site)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(text)
