"""Grading a lesson's challenge: the engine, the guard and the checks' registry.

A challenge's checks import what they need from here:

    from lessonrt.grading import check, Probe
"""

from lessonrt.grading.registry import check  # noqa: F401
from lessonrt.grading.engine import Probe, Result, grade  # noqa: F401
from lessonrt.grading import engine as _engine

# Last: the guard's snapshot of the grader holds every name the package exports.
_engine.sella()
