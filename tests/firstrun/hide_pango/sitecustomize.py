"""Put on PYTHONPATH, this hides Pango from the loader of every Python process started then.

Both ways a library is found are refused for Pango: cffi's dlopen (WeasyPrint's import) and
ctypes.util.find_library (the lookup used where WeasyPrint is not installed).
"""

import ctypes.util

import cffi

_dlopen = cffi.FFI.dlopen
_find_library = ctypes.util.find_library


def _hidden(name) -> bool:
    return name is not None and "pango" in str(name).lower()


def dlopen(self, name, *args, **kwargs):
    if _hidden(name):
        raise OSError(f"cannot load library '{name}': hidden from the loader by the test")
    return _dlopen(self, name, *args, **kwargs)


def find_library(name):
    return None if _hidden(name) else _find_library(name)


cffi.FFI.dlopen = dlopen
ctypes.util.find_library = find_library
