"""`manage.py nginx_config`: what it refuses (what it renders runs in the other stack tests)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command


@pytest.mark.parametrize(
    "arguments",
    [["--tls-certificate", "/etc/ssl/site.pem"], ["--tls-key", "/etc/ssl/site.key"]],
    ids=["certificate without key", "key without certificate"],
)
def test_tls_needs_both_a_certificate_and_its_key(arguments):
    with pytest.raises(CommandError, match="both a certificate and its key"):
        call_command("nginx_config", "--app", "127.0.0.1:8001", *arguments)


def test_with_tls_nginx_listens_on_443_and_redirects_port_80(capsys):
    call_command(
        "nginx_config", "--app", "127.0.0.1:8001", "--server-name", "forgebuilder.example",
        "--tls-certificate", "/etc/ssl/site.pem", "--tls-key", "/etc/ssl/site.key",
    )  # fmt: skip
    site = capsys.readouterr().out

    assert "listen 443 ssl;" in site and "listen 80;" in site
    assert "return 301 https://$host$request_uri;" in site
    assert "ssl_protocols TLSv1.2 TLSv1.3;" in site


def test_an_app_is_needed():
    with pytest.raises(CommandError, match="at least one app"):
        call_command("nginx_config", "--app", "")


def test_the_share_cache_skips_readers_with_a_session_or_a_message_cookie(capsys, settings):
    settings.SESSION_COOKIE_NAME = "fb.session"
    call_command("nginx_config", "--app", "127.0.0.1:8001", "--share-cache", "/srv/fb-cache")
    site = capsys.readouterr().out

    assert "proxy_cache_path /srv/fb-cache " in site
    assert r'"~(^|[;,])\s*(fb\.session|messages)=" 1;' in site
    assert "proxy_cache_bypass $forgebuilder_personal;" in site
    assert "proxy_no_cache $forgebuilder_personal;" in site
