"""A test's body in a fresh Python, for tests whose learner code breaks the interpreter."""

from __future__ import annotations

import multiprocessing


def in_a_child_process(function, *args) -> None:
    """Run `function(*args)` (a module-level function, its assertions included) in a fresh
    Python and fail if it fails. For tests whose learner code breaks builtins or sys for a
    moment: in pytest's own process, pytest-xdist's threads run meanwhile, and one that reads
    a message from the controller with `isinstance` or `len` replaced loses it, and with it the
    worker's remaining tests."""
    child = multiprocessing.get_context("spawn").Process(target=function, args=args)
    child.start()
    child.join(300)
    assert child.exitcode == 0, f"{function.__name__}{args} failed in its own process (exit code {child.exitcode}); see its stderr"
