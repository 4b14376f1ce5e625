"""Web Push in plain Python: a notice reaches a player's phone with the event page closed.

Three small standards, on `cryptography`'s primitives:
- RFC 8291: the message is encrypted for the browser's subscription (ECDH P-256 with its
  `p256dh` key, its `auth` secret, HKDF-SHA256, one aes128gcm record of 4096 octets with the
  0x02 padding delimiter, RFC 8188's header in front);
- RFC 8292 (VAPID): each request carries an ES256 JWT signed with the site's key, for the push
  service's origin, valid 12 hours, naming a contact (`WEBPUSH_SUBJECT`, a mailto: address);
- RFC 8030: the message is POSTed to the subscription's endpoint with a TTL.

Web Push is on when settings hold a VAPID private key and a subject (`manage.py
webpush_keys` makes a key); without them the event page does not offer it. A push service
that says the subscription is gone (404, 410) is told by `send`'s answer; every other failure
is logged by the caller's choice, never raised: a push is a courtesy, the page has the table.
"""

from __future__ import annotations

import base64
import json
import os
import re
import struct
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

RECORD_SIZE = 4096  # one record holds the whole message (RFC 8291 section 4)
HEADER_SIZE = 16 + 4 + 1 + 65  # salt, record size, key length, the sender's public key
TAG_SIZE = 16
MAX_PLAINTEXT = RECORD_SIZE - HEADER_SIZE - TAG_SIZE - 1  # 3993 octets, the delimiter apart
VAPID_LIFETIME = 12 * 60 * 60  # seconds; RFC 8292 allows 24 hours at most
TTL = 6 * 60 * 60  # a phone off for longer than this is not told of a round long played
TIMEOUT = 5  # seconds for one push service's answer
MAX_ENDPOINT = 500  # the browsers' endpoints are under 300 characters
GONE = (404, 410)  # the push service's word for "this subscription no longer exists"
_B64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")
_CURVE = ec.SECP256R1()
_POINT = serialization.PublicFormat.UncompressedPoint
_X962 = serialization.Encoding.X962


class PushError(ValueError):
    """A subscription or message that cannot be pushed, with what is wrong."""


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64u(text: str) -> bytes:
    """Base64url with or without its padding, nothing else (the decoder alone skips strays)."""
    if not _B64URL.fullmatch(text):
        raise PushError(f"{text[:20]!r} is not base64url")
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except ValueError as exc:
        raise PushError(f"{text[:20]!r} is not base64url") from exc


def _hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def public_point(key: ec.EllipticCurvePrivateKey) -> bytes:
    """The uncompressed P-256 point (65 octets) of a private key's public half."""
    return key.public_key().public_bytes(_X962, _POINT)


def private_key(raw: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key from its 32-octet scalar in base64url (as `webpush_keys` prints)."""
    scalar = unb64u(raw.strip())
    if len(scalar) != 32:
        raise PushError("A VAPID private key is 32 octets in base64url (manage.py webpush_keys).")
    return ec.derive_private_key(int.from_bytes(scalar, "big"), _CURVE)


def new_key() -> tuple[str, str]:
    """A new VAPID key pair: (private scalar, public point), both base64url."""
    key = ec.generate_private_key(_CURVE)
    scalar = key.private_numbers().private_value.to_bytes(32, "big")
    return b64u(scalar), b64u(public_point(key))


def _keys(p256dh: bytes, auth: bytes) -> tuple[ec.EllipticCurvePublicKey, bytes]:
    if len(auth) != 16:
        raise PushError("The subscription's auth secret must be 16 octets.")
    try:
        return ec.EllipticCurvePublicKey.from_encoded_point(_CURVE, p256dh), auth
    except ValueError as exc:
        raise PushError("The subscription's p256dh key is not a P-256 point.") from exc


def _content_keys(
    secret: bytes, auth: bytes, ua_public: bytes, as_public: bytes, salt: bytes
) -> tuple[bytes, bytes]:
    """The content-encryption key and nonce (RFC 8291 section 3.4, RFC 8188 section 2.2)."""
    ikm = _hkdf(auth, secret, b"WebPush: info\x00" + ua_public + as_public, 32)
    key = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    return key, nonce


def encrypt(
    plaintext: bytes,
    p256dh: bytes,
    auth: bytes,
    *,
    salt: bytes | None = None,
    sender: ec.EllipticCurvePrivateKey | None = None,
) -> bytes:
    """The aes128gcm body of a push message for the subscription's keys. `salt` and `sender`
    (the one-use ECDH key) are fresh unless given: tests give the RFC's."""
    if len(plaintext) > MAX_PLAINTEXT:
        raise PushError(f"A push message holds {MAX_PLAINTEXT} octets, not {len(plaintext)}.")
    ua_key, auth = _keys(p256dh, auth)
    sender = sender or ec.generate_private_key(_CURVE)
    salt = salt if salt is not None else os.urandom(16)
    as_public = public_point(sender)
    secret = sender.exchange(ec.ECDH(), ua_key)
    key, nonce = _content_keys(secret, auth, p256dh, as_public, salt)
    sealed = AESGCM(key).encrypt(nonce, plaintext + b"\x02", None)
    return salt + struct.pack("!IB", RECORD_SIZE, len(as_public)) + as_public + sealed


def decrypt(body: bytes, receiver: ec.EllipticCurvePrivateKey, auth: bytes) -> bytes:
    """What the browser does with a push message (the inverse of `encrypt`): its plaintext."""
    salt, (_size, id_length) = body[:16], struct.unpack("!IB", body[16:21])
    as_public, sealed = body[21 : 21 + id_length], body[21 + id_length :]
    as_key = ec.EllipticCurvePublicKey.from_encoded_point(_CURVE, as_public)
    secret = receiver.exchange(ec.ECDH(), as_key)
    key, nonce = _content_keys(secret, auth, public_point(receiver), as_public, salt)
    try:
        record = AESGCM(key).decrypt(nonce, sealed, None).rstrip(b"\x00")
    except InvalidTag as exc:
        raise PushError("The message does not open with this key and secret.") from exc
    if not record.endswith(b"\x02"):
        raise PushError("The message's last record lacks its 0x02 delimiter.")
    return record[:-1]


def origin(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def vapid_token(endpoint: str, key: ec.EllipticCurvePrivateKey, subject: str, now: float) -> str:
    """The ES256 JWT of RFC 8292 for the endpoint's push service."""
    header = b64u(json.dumps({"typ": "JWT", "alg": "ES256"}).encode())
    claims = {"aud": origin(endpoint), "exp": int(now) + VAPID_LIFETIME, "sub": subject}
    signed = header + "." + b64u(json.dumps(claims, separators=(",", ":")).encode())
    r, s = decode_dss_signature(key.sign(signed.encode("ascii"), ec.ECDSA(hashes.SHA256())))
    return signed + "." + b64u(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


@dataclass(frozen=True)
class Vapid:
    """The site's VAPID key and contact, from settings."""

    key: ec.EllipticCurvePrivateKey
    subject: str

    @property
    def public(self) -> str:
        """The applicationServerKey the page subscribes with (base64url)."""
        return b64u(public_point(self.key))

    def authorization(self, endpoint: str, now: float | None = None) -> str:
        token = vapid_token(endpoint, self.key, self.subject, time.time() if now is None else now)
        return f"vapid t={token}, k={self.public}"


def configured() -> Vapid | None:
    """The site's VAPID key and subject, or None when Web Push is off (either is unset)."""
    raw = getattr(settings, "WEBPUSH_VAPID_PRIVATE_KEY", "")
    subject = getattr(settings, "WEBPUSH_SUBJECT", "")
    if not raw or not subject:
        return None
    return Vapid(private_key(raw), subject)


def offered_key() -> str:
    """The key the event page subscribes with (applicationServerKey), or "" when Web Push is
    off or its key is not one (`check` says so)."""
    try:
        vapid = configured()
    except PushError:
        return ""
    return vapid.public if vapid is not None else ""


def settings_problems() -> list[str]:
    """What is wrong with the Web Push settings (`manage.py check` reports it)."""
    raw = getattr(settings, "WEBPUSH_VAPID_PRIVATE_KEY", "")
    subject = getattr(settings, "WEBPUSH_SUBJECT", "")
    problems = []
    if bool(raw) != bool(subject):
        problems.append("Set both WEBPUSH_VAPID_PRIVATE_KEY and WEBPUSH_SUBJECT, or neither.")
    if subject and not subject.startswith(("mailto:", "https://")):
        problems.append(f"WEBPUSH_SUBJECT must be a mailto: or https: address, not {subject!r}.")
    if raw:
        try:
            private_key(raw)
        except PushError as exc:
            problems.append(f"WEBPUSH_VAPID_PRIVATE_KEY: {exc}")
    return problems


def subscription_problem(endpoint: str, p256dh: str, auth: str) -> str | None:
    """What is wrong with a subscription a browser sent, in players' words, or None."""
    parts = urlsplit(endpoint)
    spaced = any(c.isspace() or not c.isprintable() for c in endpoint)
    if parts.scheme != "https" or not parts.hostname or len(endpoint) > MAX_ENDPOINT or spaced:
        return f"The push address must be an https address of at most {MAX_ENDPOINT} characters, no spaces."
    try:
        _keys(unb64u(p256dh[:200]), unb64u(auth[:100]))
    except PushError as exc:
        return str(exc)
    return None


def send(vapid: Vapid, endpoint: str, p256dh: str, auth: str, message: dict[str, str]) -> int:
    """POST the message (JSON, encrypted) to the subscription; the push service's status.
    Raises OSError (urllib's errors among them) when no answer comes."""
    if urlsplit(endpoint).scheme not in ("https", "http"):  # never file: or other openers
        raise PushError(f"{endpoint[:40]!r} is not a push service's address.")
    body = encrypt(json.dumps(message).encode(), unb64u(p256dh), unb64u(auth))
    request = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={
            "Authorization": vapid.authorization(endpoint),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(TTL),
            "Urgency": "high",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code
