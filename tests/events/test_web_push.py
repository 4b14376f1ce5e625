"""Web Push tells a player's phone their table with the event page closed: RFC 8291's own
example encrypted byte for byte, a VAPID token a push service accepts, and a round's pairing
pushed to a push service on localhost that the test decrypts as the browser would; a gone
subscription is forgotten, a failing service changes nothing else, a retried task pushes none
twice. The subscription is the player's own, asked for by their own POST."""

from __future__ import annotations

import json
import random
import secrets
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.events import notices, pushes, services, webpush
from forgebuilder.events.models import PushSubscription

# RFC 8291, appendix A
RFC = {
    "plaintext": b"When I grow up, I want to be a watermelon",
    "as_private": "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    "ua_private": "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
    "ua_public": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    "salt": "DGv6ra1nlYgDCS1FRnbzlw",
    "auth": "BTBZMqHH6r4Tts7J_aSIgg",
    "body": "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocIn"
    "mYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSg"
    "Sxsj_Qulcy4a-fN",
}
VAPID_KEY, VAPID_PUBLIC = webpush.new_key()
SUBJECT = "mailto:events@forge.example"
BASE = "https://forge.example/"


def test_rfc_8291s_example_is_encrypted_byte_for_byte_and_opens_again():
    body = webpush.encrypt(
        RFC["plaintext"],
        webpush.unb64u(RFC["ua_public"]),
        webpush.unb64u(RFC["auth"]),
        salt=webpush.unb64u(RFC["salt"]),
        sender=webpush.private_key(RFC["as_private"]),
    )
    assert webpush.b64u(body) == RFC["body"]
    receiver = webpush.private_key(RFC["ua_private"])
    opened = webpush.decrypt(webpush.unb64u(RFC["body"]), receiver, webpush.unb64u(RFC["auth"]))
    assert opened == RFC["plaintext"]


@settings(max_examples=15, deadline=None)
@given(plaintext=st.binary(max_size=webpush.MAX_PLAINTEXT))
def test_any_message_up_to_the_record_opens_with_the_subscriptions_key(plaintext):
    receiver = ec.generate_private_key(ec.SECP256R1())
    auth = bytes(range(16))
    body = webpush.encrypt(plaintext, webpush.public_point(receiver), auth)
    assert len(body) <= webpush.RECORD_SIZE
    assert webpush.decrypt(body, receiver, auth) == plaintext


def test_a_message_past_one_record_is_refused():
    receiver = ec.generate_private_key(ec.SECP256R1())
    with pytest.raises(webpush.PushError, match="holds 3993 octets, not 3994"):
        webpush.encrypt(b"x" * 3994, webpush.public_point(receiver), bytes(16))


def test_the_vapid_token_verifies_with_the_public_key_for_the_push_services_origin():
    vapid = webpush.Vapid(webpush.private_key(VAPID_KEY), SUBJECT)
    now = time.time()
    header = vapid.authorization("https://push.example.net:8443/wpush/v2/abc?x=1", now=now)
    token, key = header.removeprefix("vapid t=").split(", k=")
    assert key == VAPID_PUBLIC == vapid.public
    signed, signature = token.rsplit(".", 1)
    raw = webpush.unb64u(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), webpush.unb64u(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises when it does not
    head, claims = (json.loads(webpush.unb64u(part)) for part in signed.split("."))
    assert head == {"typ": "JWT", "alg": "ES256"}
    assert claims["aud"] == "https://push.example.net:8443"
    assert claims["sub"] == SUBJECT
    assert now < claims["exp"] <= now + 24 * 60 * 60


class PushService:
    """A push service on localhost: keeps each request, answers `status`."""

    def __init__(self):
        self.received: list[tuple] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append((self.path, self.headers, body))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def push_service():
    service = PushService()
    yield service
    service.server.shutdown()
    service.server.server_close()


@pytest.fixture
def vapid(settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = VAPID_KEY
    settings.WEBPUSH_SUBJECT = SUBJECT


@pytest.fixture
def paired(db, event, players, push_service, vapid):
    """Four players, each with one device subscribed (sub rows made directly: the endpoint is
    the test's plain-HTTP service), round 1 paired; the devices' private keys by player."""
    push_service.received.clear()
    push_service.status = 201
    devices = {}
    for p in players[:4]:
        entrant = services.entrant_register(event=event, player=p)
        services.entrant_check_in(event=event, entrant=entrant)
        key = ec.generate_private_key(ec.SECP256R1())
        PushSubscription.objects.create(
            entrant=entrant,
            endpoint=f"{push_service.url}/push/{p.username}",
            p256dh=webpush.b64u(webpush.public_point(key)),
            auth=webpush.b64u(p.username.encode().ljust(16, b"-")),
        )
        devices[p.username] = key
    round_ = services.round_pair(event=event, rng=random.Random(3))
    return round_, devices


def opened(received, devices) -> dict[str, dict]:
    said = {}
    for path, headers, body in received:
        name = path.rsplit("/", 1)[1]
        auth = name.encode().ljust(16, b"-")
        said[name] = json.loads(webpush.decrypt(body, devices[name], auth))
        assert headers["Content-Encoding"] == "aes128gcm"
        assert int(headers["TTL"]) > 0
        assert headers["Authorization"].startswith("vapid t=")
        assert headers["Authorization"].endswith(f", k={VAPID_PUBLIC}")
    return said


def test_a_paired_round_is_pushed_to_each_device_once_and_opens_as_the_table(
    event, paired, push_service
):
    round_, devices = paired
    sent = notices.notify_round.call(round_id=round_.pk, base_url=BASE)
    again = notices.notify_round.call(round_id=round_.pk, base_url=BASE)

    assert (sent, again) == (4, 0)
    said = opened(push_service.received, devices)
    assert set(said) == {"ann", "bob", "cat", "dan"}
    for game in round_.games.select_related("first__player", "second__player"):
        for me, them in ((game.first, game.second), (game.second, game.first)):
            assert said[me.name] == {
                "title": "Ember Cup",
                "body": f"Round 1: table {game.table} against {them.name}",
                "url": reverse("events:detail", args=[event.public_id]),
            }


def test_a_result_entered_is_pushed_to_the_opponents_devices_until_confirmed(
    event, paired, push_service, django_capture_on_commit_callbacks
):
    round_, devices = paired
    game = round_.games.select_related("first__player", "second__player").first()
    me, them = game.first, game.second
    with django_capture_on_commit_callbacks(execute=True):
        services.game_report(game=game, by=me.player, first_vp=14, second_vp=9)
    assert DBTaskResult.objects.filter(task_path__endswith="notify_result").count() == 1

    assert notices.notify_result.call(game_id=game.pk) == 1
    assert opened(push_service.received, devices) == {
        them.name: {
            "title": "Ember Cup",
            "body": f"Round 1: {me.name} entered 14–9 ({me.name} first): confirm it.",
            "url": reverse("events:detail", args=[event.public_id]),
        }
    }
    services.game_confirm(game=game, by=them.player, first_vp=14, second_vp=9)
    push_service.received.clear()
    assert notices.notify_result.call(game_id=game.pk) == 0  # confirmed since: nothing to say
    assert push_service.received == []


def test_a_result_for_an_opponent_without_a_device_queues_nothing(
    paired, django_capture_on_commit_callbacks
):
    round_, _devices = paired
    game = round_.games.select_related("first__player", "second__player").first()
    PushSubscription.objects.filter(entrant=game.second).delete()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_report(game=game, by=game.first.player, first_vp=14, second_vp=9)
    assert not DBTaskResult.objects.filter(task_path__endswith="notify_result").exists()


def test_a_gone_subscription_is_deleted_and_a_failing_service_changes_nothing(paired, push_service):
    round_, _devices = paired
    push_service.status = 410
    assert notices.notify_round.call(round_id=round_.pk, base_url=BASE) == 0
    assert len(push_service.received) == 4
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("status", [500, 429])
def test_a_push_service_failing_is_logged_and_keeps_the_subscription(
    paired, push_service, status, caplog
):
    round_, _devices = paired
    push_service.status = status
    assert notices.notify_round.call(round_id=round_.pk, base_url=BASE) == 0
    assert PushSubscription.objects.count() == 4
    assert f"answered a push with {status}" in caplog.text


def test_a_push_service_out_of_reach_is_logged_not_raised(paired, caplog):
    round_, _devices = paired
    PushSubscription.objects.update(endpoint="http://127.0.0.1:9/push/x")  # the discard port
    assert notices.notify_round.call(round_id=round_.pk, base_url=BASE) == 0
    assert PushSubscription.objects.count() == 4
    assert "could not be sent" in caplog.text


def test_a_push_service_answering_garbage_is_logged_not_raised(paired, caplog):
    round_, _devices = paired
    garbage = socket.socket()
    garbage.bind(("127.0.0.1", 0))
    garbage.listen()

    def answer() -> None:
        for _ in range(4):
            talk, _address = garbage.accept()
            talk.recv(65536)
            talk.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            talk.close()

    threading.Thread(target=answer, daemon=True).start()
    PushSubscription.objects.update(endpoint=f"http://127.0.0.1:{garbage.getsockname()[1]}/p")
    assert notices.notify_round.call(round_id=round_.pk, base_url=BASE) == 0
    garbage.close()
    assert PushSubscription.objects.count() == 4
    assert "could not be sent" in caplog.text


def test_without_keys_nothing_is_pushed_and_the_page_offers_none(
    client, event, paired, push_service, settings
):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    round_, _devices = paired
    assert notices.notify_round.call(round_id=round_.pk, base_url=BASE) == 0
    assert push_service.received == []
    client.force_login(event.entrants.first().player)
    page = client.get(reverse("events:detail", args=[event.public_id])).content.decode()
    assert 'id="now-notify"' in page and "data-push-key" not in page


def test_with_keys_the_page_offers_the_sites_public_key(client, event, players, vapid):
    services.entrant_register(event=event, player=players[0])
    client.force_login(players[0])
    page = client.get(reverse("events:detail", args=[event.public_id])).content.decode()
    assert f'data-push-key="{VAPID_PUBLIC}"' in page
    assert reverse("events:push", args=[event.public_id]) in page


def device() -> dict[str, str]:
    key = ec.generate_private_key(ec.SECP256R1())
    return {
        "endpoint": "https://fcm.example.com/wp/" + secrets.token_urlsafe(24),
        "p256dh": webpush.b64u(webpush.public_point(key)),
        "auth": webpush.b64u(bytes(16)),
    }


def test_only_the_players_own_post_subscribes_and_stop_forgets_the_device(
    client, event, players, vapid
):
    url = reverse("events:push", args=[event.public_id])
    phone = device()
    client.force_login(players[1])
    stranger = client.post(url, phone)
    assert stranger.status_code == 403 and "Register for the event first" in stranger.text
    assert not PushSubscription.objects.exists()

    entrant = services.entrant_register(event=event, player=players[1])
    assert client.post(url, phone).status_code == 204
    assert client.post(url, phone).status_code == 204  # the same device again: kept once
    assert list(entrant.push_subscriptions.values_list("endpoint", flat=True)) == [
        phone["endpoint"]
    ]
    assert client.post(url, {"push": "off", "endpoint": phone["endpoint"]}).status_code == 204
    assert not PushSubscription.objects.exists()


def test_a_phone_subscribing_past_the_limit_is_told_to_wait(client, event, players, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_SUBJECT = VAPID_KEY, SUBJECT
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event-push": (2, 3600)}
    services.entrant_register(event=event, player=players[0])
    client.force_login(players[0])
    url = reverse("events:push", args=[event.public_id])
    answers = [client.post(url, device()).status_code for _ in range(3)]
    assert answers == [204, 204, 429]
    assert PushSubscription.objects.count() == 2


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"endpoint": "http://push.example.com/x"}, "must be an https address"),
        ({"endpoint": "https://push.example.com/" + "x" * 480}, "at most 500 characters"),
        ({"endpoint": "file:///etc/passwd"}, "must be an https address"),
        ({"endpoint": "https://push.example.com/a b\r\nX-Evil: 1"}, "must be an https address"),
        ({"p256dh": webpush.b64u(b"\x04" + bytes(64))}, "is not a P-256 point"),
        ({"auth": "abc"}, "auth secret must be 16 octets"),
        ({"auth": webpush.b64u(bytes(16)) + "!" * 30}, "is not base64url"),
        ({"p256dh": device()["p256dh"] + "=" * 20}, "is not base64url"),
    ],
)
def test_a_subscription_that_cannot_work_is_refused_saying_why(
    client, event, players, vapid, change, said
):
    services.entrant_register(event=event, player=players[0])
    client.force_login(players[0])
    answer = client.post(reverse("events:push", args=[event.public_id]), device() | change)
    assert answer.status_code == 400 and said in answer.text
    assert not PushSubscription.objects.exists()


def test_a_sixth_device_replaces_the_oldest(event, players, vapid):
    entrant = services.entrant_register(event=event, player=players[0])
    phones = [device() for _ in range(pushes.MAX_DEVICES + 1)]
    for phone in phones:
        pushes.subscribe(entrant=entrant, **phone)
    kept = set(entrant.push_subscriptions.values_list("endpoint", flat=True))
    assert kept == {p["endpoint"] for p in phones[1:]}


def test_a_player_leaving_takes_their_devices_with_them(paired, players):
    from forgebuilder.events.departure import event_departures_apply

    event_departures_apply(user=players[0])
    assert not PushSubscription.objects.filter(endpoint__endswith="/ann").exists()
    assert PushSubscription.objects.count() == 3


def test_settings_that_cannot_push_are_an_error_of_check(db, settings):
    from django.core.management.base import SystemCheckError

    settings.WEBPUSH_VAPID_PRIVATE_KEY = "c2hvcnQ"  # "short"
    settings.WEBPUSH_SUBJECT = "events@forge.example"
    with pytest.raises(SystemCheckError) as refused:
        call_command("check")
    assert "WEBPUSH_VAPID_PRIVATE_KEY: A VAPID private key is 32 octets" in str(refused.value)
    assert "WEBPUSH_SUBJECT must be a mailto: or https: address" in str(refused.value)
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    with pytest.raises(SystemCheckError, match="Set both WEBPUSH_VAPID_PRIVATE_KEY"):
        call_command("check")


def test_the_key_command_prints_a_key_the_site_takes(capsys):
    call_command("webpush_keys")
    printed = capsys.readouterr().out
    line = next(s for s in printed.splitlines() if s.startswith("WEBPUSH_VAPID_PRIVATE_KEY="))
    key = webpush.private_key(line.split("=", 1)[1])
    assert webpush.b64u(webpush.public_point(key)) in printed
