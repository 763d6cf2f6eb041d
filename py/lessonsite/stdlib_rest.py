"""The rest of Python's standard library, for an interpreter started with only a first part.

The build ships a first archive holding the standard-library modules the site's runtime and
lessons import (see stdlib.py); this file goes into it as `_lessonrt_stdlib.py`, and the
archive's `sitecustomize.py` installs `RestOfTheLibrary` while Python starts. On the first
import of a module outside the first archive, the finder fetches Pyodide's whole standard
library once, synchronously (a worker may), writes it beside the first archive and imports
the module from there; every later import of the rest costs nothing more.

It runs inside Pyodide, imported by Python's start-up before anything else: it may only use
what is importable then (frozen and built-in modules), and must hold no JavaScript object, so
that a memory snapshot can still be made.
"""

import sys

WHOLE = "/lib/python_stdlib_whole.zip"
"""Where the whole standard library lands once it has been fetched."""

FETCH = "lessonrtStandardLibrary"
"""The worker's global function that fetches the whole library: bytes (a Uint8Array), or
null when it could not be had (no connection, and no copy kept)."""

OFFLINE = ("No se ha podido cargar «%s»: ese módulo de la biblioteca estándar se descarga "
           "la primera vez que se importa, y ahora no hay conexión. Vuelve a ejecutar con conexión; "
           "después funcionará también sin ella.")


def _fetch_in_worker():
    import js  # Pyodide's module for the worker's globals

    fetch = getattr(js, FETCH, None)
    data = fetch() if fetch is not None else None
    return None if data is None else data.to_bytes()


class RestOfTheLibrary:
    """A meta path finder for the standard-library modules named in `names` (dotted names of
    the modules and packages the first archive lacks). `fetch()` returns the whole library's
    zip as bytes, or None. Any other name is left to the finders before it."""

    def __init__(self, names, fetch=_fetch_in_worker, whole=WHOLE):
        self.names = frozenset(names)
        self._fetch = fetch
        self._whole = whole

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.names:
            return None
        self._mount(fullname)
        import zipimport

        package = fullname.rpartition(".")[0]
        prefix = package.replace(".", "/") + "/" if package else ""
        return zipimport.zipimporter(self._whole + "/" + prefix).find_spec(fullname)

    def _mount(self, fullname):
        import os

        if os.path.exists(self._whole):
            return
        try:
            data = self._fetch()
        except Exception:
            data = None
        if not data:
            raise ModuleNotFoundError(OFFLINE % fullname, name=fullname)
        os.makedirs(os.path.dirname(self._whole), exist_ok=True)
        # Written under another name first: an interrupted write must not leave a cut
        # archive where the next import would look.
        partial = self._whole + ".part"
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, self._whole)


def install(names, **options):
    """Put a RestOfTheLibrary for `names` last on sys.meta_path (once)."""
    if not any(isinstance(finder, RestOfTheLibrary) for finder in sys.meta_path):
        sys.meta_path.append(RestOfTheLibrary(names, **options))
