"""The lesson runtime's Python: runs in the page's Pyodide worker and in CPython.

`runner` runs a cell; `grader` grades a challenge; `traza` builds the widget's
trace. Each is imported on its own, so this package imports nothing.
"""
