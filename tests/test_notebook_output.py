"""A cell shows what a notebook shows (lessonrt.runner): the value of its last expression, and
pictures and tables through IPython's display protocol, in the order they come."""

import json

from lessonrt.runner import local_open_url, run_cell

PNG_1X1 = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                        "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b0f3e5"
                        "0000000049454e44ae426082")


def run(code, before=()):
    parts = []
    result = run_cell(code, open_url=local_open_url(), write=lambda s, t: parts.append((s, t)), before=before)
    assert result["ok"], result["error"]
    return parts


def text(parts):
    return "".join(t for s, t in parts if s != "display")


def displays(parts):
    return [json.loads(t) for s, t in parts if s == "display"]


def test_the_last_expression_is_shown_as_its_repr():
    assert text(run("x = 2\nx * 21")) == "42\n"
    assert text(run("'hola'  # un comentario")) == "'hola'\n"
    assert text(run("[1,\n 2]")) == "[1, 2]\n"


def test_not_when_it_is_none_ends_with_a_semicolon_or_is_not_last():
    assert text(run("None")) == ""
    assert text(run("print('a')")) == "a\n"  # print returns None
    assert text(run("x = 2\nx * 21;")) == ""
    assert text(run("x = 2\nx * 21 ;  # callado")) == ""
    assert text(run("1 + 1\nx = 3")) == ""
    assert text(run("'ñandú'; 5")) == "5\n"  # the last expression of the line, as IPython


def test_an_awaited_last_expression_shows_its_result():
    assert text(run("import asyncio\nawait asyncio.sleep(0, result=5)")) == "5\n"


def test_the_cells_it_builds_on_show_nothing():
    assert text(run("y", before=[("celda0", "y = 7\ny * 3")])) == "7\n"


def test_an_error_in_the_last_expression_cites_its_line():
    parts = []
    result = run_cell("x = 1\n1 / 0", open_url=local_open_url(), write=lambda s, t: parts.append((s, t)))
    assert not result["ok"] and 'line 2' in result["error"] and "ZeroDivisionError" in result["error"]


class Drawn:
    def __init__(self, **reprs):
        self.reprs = reprs

    def __repr__(self):
        return "Drawn()"


def drawing(**methods):
    return "\n".join(["class Drawn:", "    def __repr__(self): return 'Drawn()'",
                      *(f"    def {name}(self): return {value!r}" for name, value in methods.items())])


def test_an_object_that_draws_itself_is_shown_richly_with_its_repr_beside():
    shown = displays(run(drawing(_repr_svg_="<svg xmlns='http://www.w3.org/2000/svg'/>") + "\nDrawn()"))
    assert shown == [{"image/svg+xml": "<svg xmlns='http://www.w3.org/2000/svg'/>", "text/plain": "Drawn()"}]
    shown = displays(run(drawing(_repr_png_=PNG_1X1, _repr_html_="<b>1</b>") + "\nDrawn()"))
    assert shown[0]["text/html"] == "<b>1</b>" and shown[0]["text/plain"] == "Drawn()"
    assert shown[0]["image/png"] == "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/A8B8ABQACAeKw8+UAAAAASUVORK5CYII="


def test_repr_mimebundle_is_used_and_its_metadata_dropped():
    code = ("class D:\n    def _repr_mimebundle_(self, include=None, exclude=None):\n"
            "        return {'text/html': '<i>x</i>', 'text/plain': 'D!'}, {'text/html': {}}\nD()")
    assert displays(run(code)) == [{"text/html": "<i>x</i>", "text/plain": "D!"}]


def test_display_shows_each_value_in_order_between_the_text():
    parts = run(drawing(_repr_html_="<table><tr><td>1</td></tr></table>")
                + "\nprint('antes')\ndisplay(Drawn(), 3)\nprint('después')")
    kinds = [(s, t if s != "display" else json.loads(t)["text/html"]) for s, t in parts]
    assert kinds == [("stdout", "antes"), ("stdout", "\n"), ("display", "<table><tr><td>1</td></tr></table>"),
                     ("stdout", "3\n"), ("stdout", "después"), ("stdout", "\n")]


def test_a_broken_or_fake_drawing_method_falls_back_to_the_repr():
    raising = "class R:\n    def __repr__(self): return 'R()'\n    def _repr_html_(self): raise ValueError\nR()"
    assert text(run(raising)) == "R()\n" and not displays(run(raising))
    # An object that answers every attribute (a mock, a proxy) does not thereby draw itself.
    catchall = "class A:\n    def __getattr__(self, name): return lambda *a, **k: '<b>?</b>'\n    def __repr__(self): return 'A()'\nA()"
    assert text(run(catchall)) == "A()\n" and not displays(run(catchall))
    assert text(run("class C:\n    _repr_html_ = '<b>no</b>'\n    def __repr__(self): return 'C()'\nC()")) == "C()\n"
    # A class is not drawn by its instances' methods.
    assert text(run(drawing(_repr_html_="<b>1</b>") + "\nDrawn")) == "<class '__main__.Drawn'>\n"


def test_rich_output_past_its_limit_is_shown_as_text_with_a_note():
    big = "x" * 5_000_000
    parts = run(drawing(_repr_html_=big) + "\ndisplay(Drawn(), Drawn())")
    assert len(displays(parts)) == 1
    assert "no cabe" in text(parts) and text(parts).endswith("Drawn()\n")
