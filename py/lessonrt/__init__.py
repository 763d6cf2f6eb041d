"""The lesson runtime's Python: runs in the page's Pyodide worker and in CPython.

`runner` runs a cell; `grading` grades a lesson's challenge with the checks the
lesson brings. Each is imported on its own, so this package imports nothing.
"""
