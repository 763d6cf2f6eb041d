"""What a reader reads in a rendered lesson, section by section: the words, with their
punctuation, of the text before the first heading and under each <h2>, and the links' targets.
Whitespace and markup (a highlighted token's <span>, a <p> around a note) are left out: a
reader sees neither; so is what the page hides from assistive technology (aria-hidden, such
as a code box's line numbers), which is the frame around the text, not the text, and what it
does not draw at all until a script uses it (a <template>, a closed <dialog>: the challenge's
hints, the course's solution and the confirmation before it).

`python -m tests.prose_text COURSE/LESSON` prints a lesson's sections as JSON, the form of
tests/fixtures/prose/<course>/<lesson>.json.
"""

from __future__ import annotations

import json
import sys
from html.parser import HTMLParser


# Tags inside a line of text: they part no words ("%d" may be three spans).
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
INLINE = {"a", "abbr", "b", "code", "em", "i", "kbd", "span", "strong", "sub", "sup", "var"}


class _Sections(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sections = [{"heading": "", "text": "", "links": []}]
        self.in_heading = False
        self.hidden = 0  # depth inside an element the reader does not see

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        unseen = a.get("aria-hidden") == "true" or tag == "template" or (tag == "dialog" and "open" not in a)
        if self.hidden or unseen:
            self.hidden += tag not in VOID
            return
        if tag == "h2":
            self.sections.append({"heading": "", "text": "", "links": []})
            self.in_heading = True
        elif tag == "a":
            self.sections[-1]["links"].append(dict(attrs).get("href", ""))
        # A code block's line is a span drawn as a block (lessonsite/prose.py code_line).
        if tag not in INLINE or "code-line" in (a.get("class") or "").split():
            self.sections[-1]["text"] += " "

    def handle_endtag(self, tag):
        if self.hidden:
            self.hidden -= 1
            return
        if tag == "h2":
            self.in_heading = False
        elif tag not in INLINE:
            self.sections[-1]["text"] += " "

    def handle_data(self, data):
        if self.hidden:
            return
        self.sections[-1]["heading" if self.in_heading else "text"] += data


def sections(body: str) -> list[dict]:
    """[{heading, words, links}] for the rendered lesson body, in order; the first has no heading."""
    parser = _Sections()
    parser.feed(body)
    parser.close()
    return [{"heading": " ".join(s["heading"].split()), "words": " ".join(s["text"].split()), "links": s["links"]}
            for s in parser.sections]


def rendered(course: str, lesson: str) -> str:
    from lessonsite.content import load_lesson
    from lessonsite.layout import ROOT, Layout
    from lessonsite.render import render_fragment

    layout = Layout.at(ROOT)
    # Without the download's figure: it is the build's (tests/test_build.py checks it), not
    # the lesson's words.
    body, _ = render_fragment(load_lesson(layout.web_courses / course / lesson, course), layout,
                              download=None)
    return str(body)  # a plain str: Markup would escape what the parser joins to it


if __name__ == "__main__":
    course, lesson = sys.argv[1].split("/")
    print(json.dumps(sections(rendered(course, lesson)), ensure_ascii=False, indent=1))
