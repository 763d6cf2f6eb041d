"""The static lesson site's build, one job per module; `build.py` at the repository's top is
its command line.

    environment  the checkout's own .venv/, where build.py runs every command (stdlib only)
    layout     where the inputs live (Layout), BuildError, helpers every step shares
    policy     what the site asks of browsers and hosts: CSP, isolation headers, content types
    content    course.toml, lesson.toml and the quiz, loaded and validated
    widgets    widget kinds, one folder each in web/widgets/: found, checked, their hooks run
    runtime    the runtime's Python: copied with its manifest, load-checked, `grade`
    challenge_names  the challenge's function named alike by SIGNATURE, the starting code, the
               reference and the corpus
    highlight  code coloured at build time (Pygments), as spans with classes
    prose      lesson.md: CommonMark with the lesson's blocks as directives
    render     lesson pages and the front page from web/templates/ (Jinja2), with the lesson data
    docs       web/docs/*.md as pages of the site at docs/, their links checked at their lines
    assets     npm, Pyodide's files, the course files, esbuild bundles, the service worker
    compress   the .gz/.br copies and python_stdlib.zip repacked to compress well
    stdlib     the standard library's first archive: what the site's Python imports, traced in
               Pyodide under Node (stdlib-trace.mjs), and the finder for the rest
               (stdlib_rest.py, which runs in Pyodide)
    packages   the wheels lessons pin: checked against each course's packages.lock, fetched with
               pip, served with a pyodide-lock.json that pyodide-build writes
    sitecheck  `check`: links, resources and origins of a built site
    builder    build_site: every step in order
    server     `serve`: static files with the headers a good host sends (and, with --watch, the
               live preview's event stream and script, preview.js)
    watch      `serve --watch`: rebuild what changed on save, tell the open pages
    scaffold   `new`: a lesson folder from the template in plantilla/, listed in course.toml
    testing    `test`: install what the tests need, build, run pytest
    bench      `bench`: the lesson page against bare Pyodide in Chromium (a package: pages,
               serving, rounds, memory, table, report)

Imports go one way, down this list's dependencies: layout and policy import nothing of the
package, builder imports the steps, and nothing imports builder but watch, testing and bench.
"""
