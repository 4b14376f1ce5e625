"""What the live server was doing when a browser test failed.

A browser test that times out waiting for a page only says that nothing arrived. The live server
answers in threads of the test process, so at the failure their stacks say why: a request
waiting on a lock, on the database, or no request at all (the browser never sent it)."""

from __future__ import annotations

import sys
import threading
import traceback

FRAMES = 12  # the innermost frames of each thread: where it waits, and the request it serves


def other_threads() -> str:
    """The innermost frames of every thread but this one, named; '' when there is none."""
    frames = sys._current_frames()
    here = threading.get_ident()
    shown = []
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or -1)
        if thread.ident == here or frame is None:
            continue
        stack = "".join(traceback.format_stack(frame)[-FRAMES:])
        shown.append(f"--- thread {thread.name}\n{stack}")
    return "\n".join(shown)
