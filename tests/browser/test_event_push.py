"""Web Push on a phone, as far as a browser without a push service can show it: with the site's
key set, "Tell me when I am paired" subscribes the device through the Push API and the server
keeps the subscription (the browser's push service itself is stood in for: Chromium offline
reaches none); "Stop telling me" forgets it; and a push delivered to the service worker (as a
push service would, through the DevTools protocol) shows "Round 2: table 4 against eli", whose
tap is for the event page. The encryption, the VAPID token and the sending are proved in
tests/events/test_web_push.py."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from factions.models import GameModule
from forgebuilder.events import services, webpush
from forgebuilder.events.models import Event, PushSubscription

from .campaign import SIZES, window

ENDPOINT = "https://push.example.net/wpush/v2/this-phone"
# the Push API as a push service would answer it: this device's subscription
SUBSCRIBED = """([endpoint, p256dh, auth]) => {
  const subscription = {
    endpoint, unsubscribe: () => Promise.resolve(true),
    toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
  };
  PushManager.prototype.subscribe = () => Promise.resolve(subscription);
  PushManager.prototype.getSubscription = () => Promise.resolve(subscription);
}"""
# what the worker shows, recorded (a headless Chromium refuses to show any notification)
RECORDED = """() => {
  self.shown = [];
  self.registration.showNotification = (title, options) => {
    self.shown.push({ title, body: options.body, url: options.data.url, tag: options.tag });
    return Promise.resolve();
  };
}"""


@pytest.mark.django_db(transaction=True)
def test_a_phone_subscribes_and_its_worker_shows_a_pushed_pairing(
    browser, live_server, starter_modules, settings
):
    settings.WEBPUSH_VAPID_PRIVATE_KEY, public = webpush.new_key()
    settings.WEBPUSH_SUBJECT = "mailto:events@forge.example"
    users = get_user_model().objects
    event = Event.objects.create(
        organiser=users.create_user("olga"), name="Ember Cup", starts_on=dt.date(2026, 12, 5),
        module=GameModule.objects.get(slug="ashen-stars"), points_limit=999,
        list_deadline=timezone.now() + dt.timedelta(days=1), rounds=3,
    )  # fmt: skip
    fay = users.create_user("fay")
    services.entrant_register(event=event, player=fay)
    device = webpush.public_point(ec.generate_private_key(ec.SECP256R1()))
    url = f"{live_server.url}/events/{event.public_id}/"
    allowed = {"service_workers": "allow", "permissions": ["notifications"]}

    with window(browser, live_server, fay, SIZES["phone"], mobile=True, **allowed) as phone:
        phone.goto(url)
        offer = phone.locator("#now-notify")
        expect(offer).to_have_attribute("data-push-key", public)
        phone.evaluate(SUBSCRIBED, [ENDPOINT, webpush.b64u(device), webpush.b64u(bytes(16))])
        phone.get_by_role("button", name="Tell me when I am paired").click()
        expect(offer).to_contain_text("even with this page closed")
        kept = PushSubscription.objects.get()
        assert (kept.entrant.player, kept.endpoint) == (fay, ENDPOINT)

        registrations = []
        cdp = phone.context.new_cdp_session(phone)
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda sent: registrations.extend(sent["registrations"]),
        )
        cdp.send("ServiceWorker.enable")
        phone.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        _until(phone, lambda: registrations and phone.context.service_workers)
        phone.context.service_workers[0].evaluate(RECORDED)
        worker = next(r for r in registrations if not r.get("isDeleted"))
        page_url = f"/events/{event.public_id}/"
        message = {"title": "Ember Cup", "body": "Round 2: table 4 against eli", "url": page_url}
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": live_server.url,
                "registrationId": worker["registrationId"],
                "data": json.dumps(message),
            },
        )
        shown = lambda: phone.context.service_workers[0].evaluate("() => self.shown")  # noqa: E731
        _until(phone, shown)
        assert shown() == [message | {"tag": f"forgebuilder-notify:{page_url}"}]

        with phone.expect_response(lambda answer: answer.url.endswith("/push/")) as answered:
            phone.get_by_role("button", name="Stop telling me").click()
        assert answered.value.status == 204
        expect(phone.get_by_role("button", name="Tell me when I am paired")).to_be_visible()
    assert not PushSubscription.objects.exists()


def _until(page, found, seconds: float = 6) -> None:
    """Wait (letting the page run) until `found()` is truthy."""
    for _ in range(int(seconds * 10)):
        if found():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not seen in time")
