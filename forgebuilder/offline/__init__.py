"""Offline reading and installability: the web app manifest, the service worker, the offline page."""
