# El desafío de «Qué es un agente», como contrato para el motor.
#
# El alumno escribe sin_observacion(M). El motor la compara con la del curso
# (protocolo.py): primero en las conversaciones de la lección, después en
# cientos de conversaciones generadas, con observaciones que faltan, llegan
# tarde, vienen desordenadas o responden a otra llamada.

import collections

from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "sin_observacion(M)"
FILES = ("entorno.py", "protocolo.py")
LABELS = ("Lo que devolvió tu sin_observacion", "Lo que pide el contrato")


def _texto(s):
    return {"type": "text", "text": s}


def _ll(id, nombre="leer"):
    entrada = {"carpeta": "recetas/"} if nombre == "listar" else {"ruta": "lista.txt"}
    return {"type": "tool_use", "id": id, "name": nombre, "input": entrada}


def _res(id, contenido="pan, leche, patatas"):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido}


# --- el dominio ------------------------------------------------------------------------

TEXTOS = G.text()
# Lo que trae una observación no decide si está: cualquier contenido, también uno vacío o
# que se lee como falso, la cuenta.
CONTENIDOS = G.anything()
NOMBRES = G.one_of(G.values("leer", "listar"), TEXTOS)


_BASES = G.lists(TEXTOS, 1, 4, average=2)


@G.composite
def ids(f):
    """Los id de una conversación: textos cualesquiera y otros que se les parecen (con un
    espacio detrás, en mayúsculas, sin espacios): solo cuenta el igual exacto."""
    base = f.draw(_BASES)
    return list(dict.fromkeys(base + [v for b in base for v in (b + " ", b.upper(), b.strip())]))


def respuesta(f, IDS):
    """Un mensaje de «asistente»: un texto, o bloques de texto y llamadas, sin repetir
    un id dentro de la misma respuesta."""
    if f.choose(7) == 7:
        return ("asistente", f.draw(TEXTOS))
    bloques, usados = [], []
    for _ in range(f.choose(4)):
        if f.choose(2) == 0:
            bloques.append(_texto(f.draw(TEXTOS)))
            continue
        libres = [i for i in IDS if i not in usados]
        if not libres:
            continue
        id = libres[f.choose(len(libres) - 1)]
        usados.append(id)
        bloques.append(_ll(id, f.draw(NOMBRES)))
    if usados and f.choose(5) == 5:
        # An observation inside the response itself: only the next message's count.
        bloques.insert(f.choose(len(bloques)), _res(usados[f.choose(len(usados) - 1)]))
    return ("asistente", bloques)


def observaciones(f, llamadas, IDS):
    """El mensaje de «usuario» que escribe un harness, a veces equivocado: cada
    observación puede faltar, repetirse, ir desordenada o llevar otro id."""
    if f.choose(7) == 7:
        return ("usuario", f.draw(TEXTOS))
    bloques = []
    for id in llamadas:
        forma = max(0, f.choose(6) - 3)
        if forma == 0:
            bloques.append(_res(id, f.draw(CONTENIDOS)))
        elif forma == 1:
            bloques.append(_res(f.draw(G.values(*IDS))))
        elif forma == 2:
            bloques += [_res(id), _res(id, "otra vez")]
        # forma 3: el harness la olvida
    if f.choose(3) == 3:
        bloques.insert(f.choose(len(bloques)), _texto(f.draw(TEXTOS)))
    if f.choose(6) == 6:
        # A tool_use in a «usuario» message: calls only come in «asistente» ones.
        bloques.insert(f.choose(len(bloques)), _ll(f.draw(G.values(*IDS)), f.draw(NOMBRES)))
    if bloques and f.choose(3) == 3:
        bloques.reverse()
    return ("usuario", bloques)


@G.composite
def conversacion(f):
    """Una conversación, y a veces otra después: dos llamadas seguidas a sin_observacion,
    y lo que devolvió la primera no cambia con la segunda."""
    if f.choose(7) == 7:
        return D.Case([(_conversacion(f),), (_conversacion(f),)])
    return D.Case([(_conversacion(f),)])


def _conversacion(f):
    M = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas.")] \
        if f.choose(1) else []
    if M and f.choose(6) == 6:
        # A «sistema» message of blocks, a tool_use among them: no call, as it is no response.
        M[0] = ("sistema", [_texto(M[0][1]), _ll(f.draw(_BASES)[0], "leer")])
    IDS = f.draw(ids)
    if f.choose(8) == 8:
        M = []  # a conversation may begin with a response: its calls count as any other's
    elif f.choose(7) == 7:
        # A conversation taken from the middle: it begins with the observations of calls made
        # before it, which answer no call of M, not even one with the same id further on.
        M.append(observaciones(f, f.draw(G.lists(G.values(*IDS), 1, 3)), IDS))
    elif f.choose(6) == 6:
        # The first message as blocks, one of them a tool_use: not a call, as it is no response.
        M.append(("usuario", [_texto("¿Qué hay en lista.txt?"), _ll(f.draw(G.values(*IDS)), f.draw(NOMBRES))]))
    else:
        M.append(("usuario", "¿Qué hay en lista.txt?"))
    # Now and then a long conversation, over a thousand messages: an agent that has worked
    # for hours. Code that recurses once per message or per turn meets Python's limit.
    largo = None if f.choose(24) < 24 else 600 + f.choose(600)
    # Each turn is one draw, after a choice that asks for one more (as a list's elements):
    # shrinking takes out any turn whole, so the one that fails can be left alone.
    turno = G.composite(lambda f: _turno(f, IDS))
    hechos = 0
    while (f.otro(2) if largo is None else hechos < largo):
        hechos += 1
        mensajes, sigue = f.draw(turno)
        M += mensajes
        if not sigue:
            break  # M acaba en esta respuesta
    return M


def _turno(f, IDS):
    """Los mensajes de un turno: la respuesta y, casi siempre, las observaciones que escribe
    el harness; y si la conversación sigue después."""
    r = respuesta(f, IDS)
    llamadas = [] if isinstance(r[1], str) else [b["id"] for b in r[1] if b["type"] == "tool_use"]
    siguiente = f.choose(5)
    if siguiente == 5:
        return [r], False  # M acaba en esta respuesta
    if siguiente == 4:
        return [r], True  # el harness no escribe nada y vuelve a invocar al modelo
    mensajes = [r]
    if f.choose(5) == 5:
        # A message of words first: the observations that follow it come one message late.
        mensajes.append(("usuario", f.draw(TEXTOS)))
    # Observaciones de una respuesta anterior, que llegan tarde, aparte de las suyas.
    mensajes.append(observaciones(f, llamadas + ([f.draw(G.values(*IDS))] if siguiente == 3 else []), IDS))
    return mensajes, True


# --- cómo se leen un caso y un valor ---------------------------------------------------------

def _bloque(b):
    if b.get("type") == "text":
        return "texto(%r)" % b.get("text")
    if b.get("type") == "tool_use":
        # As the course's llamada() writes it, with its input: a learner who copies the case
        # gets the same block («llamada('t1', 'leer')» looked like a call without its file).
        entrada = b.get("input")
        if isinstance(entrada, dict) and all(isinstance(k, str) and k.isidentifier() for k in entrada):
            return "llamada(%s)" % ", ".join([repr(b.get("id")), repr(b.get("name"))]
                                             + ["%s=%s" % (k, _corto(v)) for k, v in entrada.items()])
        return "llamada(%r, %r)" % (b.get("id"), b.get("name"))
    if b.get("type") == "tool_result":
        corto = "resultado(%r, …)" % (b.get("tool_use_id"),)
        # Keys beyond what resultado() writes are shown: they may be what the case is about.
        otras = ", ".join("%r: %s" % (k, D.short(v, 30)) for k, v in b.items()
                          if k not in ("type", "tool_use_id", "content"))
        return "{**%s, %s}" % (corto, otras) if otras else corto
    return D.short(b, 60)


def _corto(valor):
    s = repr(valor)
    return s if len(s) <= 60 else s[:58] + "…" + s[-1]


def _mensaje(m):
    rol, c = m
    return "(%r, %s)" % (rol, "[%s]" % ", ".join(_bloque(b) for b in c) if isinstance(c, list) else _corto(c))


# A long conversation is shown by its ends: what sets it apart is its length.
LARGA = 16


def _mensajes(M):
    if not isinstance(M, list):
        return D.short(M, 200)
    if len(M) > LARGA:
        return "[%s,\n     … %d mensajes más, como los anteriores …,\n     %s]  (%d mensajes en total)" % (
            ",\n     ".join(_mensaje(m) for m in M[:6]), len(M) - 9,
            ",\n     ".join(_mensaje(m) for m in M[-3:]), len(M))
    return "[%s]" % ",\n     ".join(_mensaje(m) for m in M)


def _m_de_llamada(caso, k):
    """La M que ve la llamada k: la lista rellenada, si quien llama la hizo crecer antes."""
    if k in caso.refill:
        return caso.refill[k][1]
    M = caso.calls[k][0]
    while isinstance(M, D.Shared):
        M = M.spec if M.spec is not None else caso.calls[0][0]
    return M


def describe(caso):
    if len(caso.calls) == 1:
        return "sin_observacion(M), con M =\n    %s" % _mensajes(caso.calls[0][0])
    return "\n".join(
        ("Llamada %d: sin_observacion(M) con la misma lista M, a la que se han añadido mensajes:\n    %s"
         if k in caso.refill else "Llamada %d: sin_observacion(M), con M =\n    %s")
        % (k + 1, _mensajes(_m_de_llamada(caso, k))) for k in range(len(caso.calls)))


# --- las reglas del enunciado -----------------------------------------------------------------

def _valores(d):
    """(lo que devolvió el alumno, lo que devuelve el contrato), si los dos devolvieron."""
    s, c = d.theirs, d.contract
    if d.where == "devuelve" and s and c and s[0] == c[0] == "devuelve":
        return s[1], c[1]
    return None


def _lista_mal(d):
    v = _valores(d)
    return v is not None and type(v[0]) is not list


def _no_ids(d):
    v = _valores(d)
    return v is not None and type(v[0]) is list and any(type(x) is not str for x in v[0])


def _orden(d):
    v = _valores(d)
    return v is not None and type(v[0]) is list and v[0] != v[1] and sorted(v[0], key=repr) == sorted(v[1], key=repr)


def _repetidos(d, cuantos):
    """The same ids as the contract's, `cuantos` (len's comparison: -1 fewer, 1 more) times."""
    v = _valores(d)
    return v is not None and type(v[0]) is list \
        and (len(v[0]) > len(v[1])) - (len(v[0]) < len(v[1])) == cuantos \
        and {repr(x) for x in v[0]} == {repr(x) for x in v[1]}


def _m_de(d):
    """La M de la llamada en la que difieren."""
    return _m_de_llamada(d.case, d.k if isinstance(d.k, int) and 0 <= d.k < len(d.case.calls) else 0)


def _ultima(d):
    v = _valores(d)
    M = _m_de(d)
    if v is None or type(v[0]) is not list or not M:
        return False
    rol, c = M[-1]
    cola = [b["id"] for b in c if b["type"] == "tool_use"] if rol == "asistente" and isinstance(c, list) else []
    return bool(cola) and v[0] == v[1][:len(v[1]) - len(cola)]


def _fuera_de_asistente(d):
    """The learner's list has ids the contract's has not, each of a tool_use in a message that
    is no response, and of none in a response: an id both have may be a call whose
    observation the learner missed, which another rule says."""
    v = _valores(d)
    if v is None or type(v[0]) is not list or not all(isinstance(x, str) for x in v[0]):
        return False
    de_mas = collections.Counter(v[0]) - collections.Counter(x for x in v[1] if isinstance(x, str))
    llamadas = {True: set(), False: set()}
    for rol, c in _m_de(d):
        if isinstance(c, list):
            llamadas[rol == "asistente"].update(b.get("id") for b in c
                                                if isinstance(b, dict) and b.get("type") == "tool_use")
    return bool(de_mas) and all(x in llamadas[False] and x not in llamadas[True] for x in de_mas)


def _texto_como_bloques(d):
    """The learner's code raised on a conversation with a message whose content is a text:
    the usual cause is a for over that text, which goes through its letters."""
    return d.where == "lanza" and any(isinstance(m, tuple) and len(m) == 2 and isinstance(m[1], str)
                                      for m in _m_de(d))


UNA_POR_LLAMADA = ("hay un id por cada llamada sin observación: si dos llamadas de respuestas distintas "
                   "comparten id y a las dos les falta, sale dos veces.")

REGLAS = (
    D.Rule("m-intacta", "sin_observacion no modifica M: ni sus mensajes ni sus bloques.",
           lambda d: d.where == "args"),
    D.Rule("lista", "sin_observacion devuelve una lista, también cuando no falta ninguna "
           "observación (entonces, vacía).",
           _lista_mal),
    D.Rule("ids", "la lista lleva los id de las llamadas, los textos como 't1', no los bloques "
           "tool_use.",
           _no_ids),
    D.Rule("orden", "los id van en el orden en que aparecen sus llamadas en M.",
           _orden),
    # Fewer of an id than the contract: repeats dropped, as a set does. More: a call counted
    # whose observation came, or an id of no call.
    D.Rule("una-por-llamada", UNA_POR_LLAMADA, lambda d: _repetidos(d, -1),
           hint="Un conjunto (set) quita los repetidos; una lista, no."),
    D.Rule("una-por-llamada-de-mas", UNA_POR_LLAMADA, lambda d: _repetidos(d, 1),
           hint="Cuenta solo las llamadas de una respuesta cuyo mensaje siguiente no trae su "
                "tool_result, y una vez cada una."),
    D.Rule("ultima", "las llamadas de la última respuesta de M también cuentan: todavía no "
           "tienen su observación.",
           _ultima,
           hint="Si la respuesta es el último mensaje de M, ¿cuál es su mensaje siguiente?"),
    D.Rule("asistente", "las llamadas solo vienen en mensajes de «asistente»: un tool_use en un "
           "mensaje de «usuario» o de «sistema» no es una llamada.",
           _fuera_de_asistente,
           hint="¿Miras de quién es cada mensaje antes de buscar llamadas en él?"),
    D.Rule("texto", "un contenido que es un texto no trae bloques: ni llamadas ni observaciones.",
           _texto_como_bloques,
           hint=("Un contenido puede ser un texto, como 'Hola.': un for sobre él recorre sus letras. "
                 "¿Miras si el contenido es un texto antes de buscar bloques en él?"),
           raised=True),
    D.Rule("siguiente", "una llamada tiene su observación solo si el mensaje que sigue a su "
           "respuesta, sea de quien sea, trae un tool_result cuyo tool_use_id es exactamente su id; da igual el "
           "orden de los bloques dentro de ese mensaje, y una observación que llega en otro "
           "mensaje no cuenta.",
           lambda d: d.where in ("devuelve", "lanza"),
           hint=("Busca la observación solo en el mensaje M[i + 1], el que sigue a la respuesta, "
                  "y entre todos sus bloques, no solo el primero.")),
)


# --- los bordes y las conversaciones de la lección ---------------------------------------------

SISTEMA = ("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas.")
ENCARGO = ("usuario", "¿Qué hay en lista.txt?")
RESPUESTA = ("asistente", [_texto("Miro la lista."), _ll("t1")])
OBSERVACION = ("usuario", [_res("t1")])
CELDA2 = [SISTEMA, ENCARGO, RESPUESTA, OBSERVACION]


def _caso(M):
    return D.Case([(M,)])


LECCION = [_caso(CELDA2), _caso(CELDA2[:3]),
           _caso(CELDA2 + [("asistente", [_texto("En lista.txt pone: pan, leche, patatas.")])])]

BORDES = [
    _caso([]), _caso([ENCARGO]), _caso([ENCARGO, ("asistente", "Hola.")]),
    _caso([ENCARGO, ("asistente", [])]),
    _caso([ENCARGO, ("asistente", [_ll("t1"), _ll("t2")]), ("usuario", [_res("t2"), _res("t1")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1"), _ll("t2")]), ("usuario", [_res("t2")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", "pan, leche, patatas")]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", []), ("usuario", [_res("t1")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("asistente", [_ll("t2")]), ("usuario", [_res("t1"), _res("t2")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", [_res("t1 ")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", [_res("t1")]),
           ("asistente", [_ll("t1")]), ("usuario", [_res("t2")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", []),
           ("asistente", [_ll("t1")]), ("usuario", [])]),
    _caso([ENCARGO, ("asistente", [_ll("t2"), _ll("t1")]), ("usuario", [])]),
    _caso([ENCARGO, ("asistente", [_ll("t1"), _ll("t2")])]),
    # «Un tool_result con su id», lleve lo que lleve: también uno que dice que la llamada falló.
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("usuario", [dict(_res("t1", "KeyError: 'x'"), is_error=True)])]),
    # «El mensaje siguiente», sea de quien sea: una observación que llega en un mensaje de
    # «sistema» o de «asistente» cuenta igual.
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("sistema", [_res("t1")])]),
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("asistente", [_texto("Ya está."), _res("t1")])]),
    # La última respuesta no tiene mensaje siguiente: ni siquiera el primero de M.
    _caso([("usuario", [_res("t1")]), ("asistente", [_ll("t1")])]),
    # Una M que es una sola respuesta: un mensaje ya basta para una llamada sin observación.
    _caso([("asistente", [_ll("t1")])]),
    # Una llamada con el mismo id en el mensaje siguiente no es su observación.
    _caso([ENCARGO, ("asistente", [_ll("t1")]), ("asistente", [_ll("t1")]), ("usuario", [_res("t1")])]),
    # De la ronda diez, que Pyodide dejaba pasar o no según dónde cayera cada lista: quien
    # llama hace crecer la misma lista M entre dos llamadas (el harness añade la respuesta y su
    # observación), y una respuesta guardada por id(M) se queda vieja.
    D.Case([(D.Shared("M", [ENCARGO, ("asistente", [_ll("t1")])]),), (D.Shared("M", None),)],
           refill={1: ("M", [ENCARGO, ("asistente", [_ll("t1")]), ("usuario", [_res("t1")]),
                             ("asistente", [_ll("t2")])])}),
    # Un modelo que repite la misma respuesta, igual mensaje a mensaje: la última es la que
    # acaba M, no la primera que sea igual a ella.
    _caso([ENCARGO, RESPUESTA, OBSERVACION, ("asistente", [_texto("Miro la lista."), _ll("t1")])]),
    # Una conversación larga, 2 402 mensajes, con una llamada sin observación al final.
    _caso([ENCARGO] + [m for k in range(1200) for m in (("asistente", [_texto("Sigo."), _ll("t%d" % k)]),
                                                         ("usuario", [_res("t%d" % k)]))]
          + [("asistente", [_ll("ultima")])]),
]


CONTRATO = D.Differential(
    reference="sin_observacion", arguments=("M",), case=conversacion, describe=describe,
    rules=REGLAS, random_cases=300, edges=BORDES, show_value=lambda v: _mensajes(v) if isinstance(v, list) and v and isinstance(v[0], tuple) else D.short(v, 200))


@check("leccion", "Las conversaciones de la lección")
def leccion(p):
    return CONTRATO.verify(p, cases=LECCION, passed_message=(
        "Con la conversación de la Celda 2 devuelves [], con sus tres primeros mensajes ['t1'] "
        "y con la de la Celda 3, entera, [], como el contrato."))


@check("generadas", "Cientos de conversaciones, de menor a mayor")
def generadas(p):
    return CONTRATO.verify(p, passed_message=(
        "Tu sin_observacion hace lo mismo que el contrato en las %d conversaciones generadas: "
        "observaciones que faltan, que llegan tarde, desordenadas o con otro id, contenidos que "
        "son textos y conversaciones que acaban en una respuesta."))
