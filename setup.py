"""The build, for setuptools: pure Python by default; the engine's core compiled with mypyc on request.

``pip install .`` (or ``-e .``) builds pure Python and needs no compiler. ``REFEREE_COMPILE=1`` compiles the
modules of ``referee.build.CORE`` with mypyc into C extensions that shadow the ``.py`` files (Python prefers an
extension module to a source file of the same name), which needs mypy and a C compiler:
``make compiled`` does it in place. The rules stay written once, in the ``.py`` files: the compiled build is
made from them, and both builds pass the same test suite (``make test``, ``make test-compiled``).
"""

import os
import runpy

from setuptools import setup

#: The modules compiled: the engine's core, as referee/build.py lists it (read from there, not imported:
#: the build environment has none of the package's dependencies).
_BUILD = runpy.run_path(os.path.join("referee", "build.py"))
COMPILED = [_BUILD["relative_source"](module) for module in _BUILD["CORE"]]


def _extensions() -> list:
    if os.environ.get("REFEREE_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # only for the compiled build: mypy is its build requirement

    # One shared library for the group, inside the package (not beside it), so that an editable install finds it.
    extensions = mypycify(COMPILED, opt_level="3", group_name="referee._engine")
    _BUILD["record_sources"]()  # what was compiled, so that a later edit of a source is noticed (build.stale)
    return extensions


setup(ext_modules=_extensions())
