"""How `collectstatic` stores the static files in production."""

from __future__ import annotations

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage


class GzipManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Each file under a name holding its hash (browsers keep it for long), and beside it a
    gzipped copy made once at deploy, which nginx sends as it is (`gzip_static`) and WhiteNoise
    too where the app serves its own files.

    No Brotli copies: Debian's nginx has no Brotli module, so none was ever sent, and making
    them took most of `collectstatic`'s time (5 s of CPU of its 6)."""

    def create_compressor(self, **kwargs) -> Compressor:
        return Compressor(use_brotli=False, **kwargs)
