"""The widget's trace comes from the lesson's own Python; these are the facts the
lesson's text states about it. The trace is the «traza» widget's build-time hook
(web/widgets/traza/data.py), loaded here as the build loads it."""

import json
from pathlib import Path

import pytest

from lessonsite.widgets import load_hook

ROOT = Path(__file__).resolve().parent.parent
_hook = load_hook(ROOT / "web" / "widgets" / "traza" / "data.py")
TraceError, trace_for_lesson = _hook.TraceError, _hook.trace_for_lesson
LESSON = ROOT / "web" / "courses" / "llm-agents" / "el-bucle"
COURSES = ROOT / "py" / "courses"


@pytest.fixture(scope="module")
def trace():
    return trace_for_lesson(LESSON, COURSES)


def run(trace, tope):
    (found,) = [r for r in trace["runs"] if r["tope"] == tope]
    return found


def test_plain_json_with_one_run_per_cap(trace):
    assert json.loads(json.dumps(trace)) == trace
    assert trace["topes"] == list(range(1, 11))
    assert [r["tope"] for r in trace["runs"]] == list(range(1, 11))
    assert trace["default_tope"] == 10
    assert (trace["course"], trace["lesson"]) == ("llm-agents", "el-bucle")


def test_tope_10_receives_2_4_6_8_and_ends_with_9(trace):
    r = run(trace, 10)
    assert [t["turn"] for t in r["turns"]] == [1, 2, 3, 4]
    assert [len(t["received"]) for t in r["turns"]] == [2, 4, 6, 8]
    assert len(r["messages"]) == 9
    assert r["end"] == {"kind": "fin", "text":
                        "He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla."}


def test_the_fourth_response_asks_for_nothing(trace):
    turns = run(trace, 10)["turns"]
    assert [t["calls"] for t in turns] == [1, 3, 1, 0]
    assert turns[-1]["observations"] is None
    assert all(b["type"] == "text" for b in turns[-1]["response"]["content"])


def test_each_turn_that_asks_adds_two_messages(trace):
    for t in run(trace, 10)["turns"][:3]:
        assert t["messages_after"] == len(t["received"]) + 2
        assert t["response"]["role"] == "asistente"
        assert t["observations"]["role"] == "usuario"
        ids = [b["id"] for b in t["response"]["content"] if b["type"] == "tool_use"]
        assert [b["tool_use_id"] for b in t["observations"]["content"]] == ids


def test_received_is_a_prefix_of_the_final_m(trace):
    r = run(trace, 10)
    for t in r["turns"]:
        assert t["received"] == r["messages"][:len(t["received"])]
    assert r["messages"][:2] == trace["inicio"]


def test_the_model_never_receives_the_environment(trace):
    contents = {f["content"] for f in trace["environment"]["files"]}
    for t in run(trace, 10)["turns"]:
        seen = json.dumps([m["content"] for m in t["received"]], ensure_ascii=False)
        assert "notas.txt" not in seen  # never read, never listed: the model cannot know it
        assert "El domingo comemos en casa" not in seen
    assert "El domingo comemos en casa: gazpacho y tortilla para seis." in contents


def test_lines_are_entorno_muestra(trace):
    t1 = run(trace, 10)["turns"][0]
    assert t1["response"]["lines"] == ["texto: Miro qué recetas hay.",
                                       "t1 → listar(carpeta='recetas/')"]
    assert t1["observations"]["lines"] == ["t1 ← recetas/gazpacho.txt | recetas/tortilla.txt"]
    assert t1["received"][1]["lines"] == ["Añade a lista.txt lo que falta para las recetas."]


def test_environment_changes_only_in_turn_3(trace):
    turns = run(trace, 10)["turns"]
    assert [t["environment"]["changed"] for t in turns] == [[], [], ["lista.txt"], []]
    files = {f["path"]: f for f in turns[2]["environment"]["files"]}
    assert files["lista.txt"]["changed"] is True
    assert files["lista.txt"]["content"] == (
        "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla")
    assert not any(f["changed"] for p, f in files.items() if p != "lista.txt")
    initial = {f["path"]: f["content"] for f in trace["environment"]["files"]}
    assert initial["lista.txt"] == "pan, leche, patatas"


def test_tope_3_stops_after_rewriting_with_every_call_answered(trace):
    r = run(trace, 3)
    assert [len(t["received"]) for t in r["turns"]] == [2, 4, 6]
    assert r["end"] == {"kind": "tope", "text": None}
    assert len(r["messages"]) == 8
    assert r["messages"][-1]["role"] == "usuario"
    assert r["messages"][-1]["lines"] == ["t5 ← lista.txt: 68 caracteres escritos"]
    assert r["environment"]["changed"] == ["lista.txt"]
    uses = [b["id"] for m in r["messages"] if isinstance(m["content"], list)
            for b in m["content"] if b["type"] == "tool_use"]
    results = [b["tool_use_id"] for m in r["messages"] if isinstance(m["content"], list)
               for b in m["content"] if b["type"] == "tool_result"]
    assert uses == results == ["t1", "t2", "t3", "t4", "t5"]


@pytest.mark.parametrize("tope", [1, 2])
def test_small_caps_stop_before_any_change(trace, tope):
    r = run(trace, tope)
    assert len(r["turns"]) == tope
    assert r["end"]["kind"] == "tope"
    assert len(r["messages"]) == 2 + 2 * tope
    assert r["environment"]["changed"] == []


def test_every_cap_from_4_finishes_the_same_way(trace):
    runs = [run(trace, tope) for tope in range(4, 11)]
    assert all(r["turns"] == runs[0]["turns"] and r["end"] == runs[0]["end"] for r in runs)


def test_a_cell_without_the_guion_is_an_author_error(tmp_path):
    lesson = tmp_path / "llm-agents" / "otra"
    lesson.mkdir(parents=True)
    (lesson / "celda1.py").write_text('exec(open_url("/courses/llm-agents/entorno.py").read())\n')
    with pytest.raises(TraceError, match="INICIO, RESPUESTAS, GUION"):
        trace_for_lesson(lesson, COURSES)


def test_open_url_stays_inside_the_courses_folder(tmp_path):
    lesson = tmp_path / "llm-agents" / "otra"
    lesson.mkdir(parents=True)
    (lesson / "celda1.py").write_text('open_url("/courses/../../etc/passwd")\n')
    with pytest.raises(TraceError, match="no file"):
        trace_for_lesson(lesson, COURSES)
