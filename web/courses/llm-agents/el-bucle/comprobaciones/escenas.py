"""Scripted conversations that cover the contract of bucle, smallest first.

A scene is described by plain, immutable data, so that the same description
can be enumerated here, drawn by the property tests and shown to a learner:

    (tope, turnos)

`turnos` is a tuple of turns; each turn is a tuple of blocks:

    ("t", i)   a text block: TEXTOS[i]
    ("c", i)   a call: LLAMADAS[i], with the next free id (c1, c2, ...)
    ("r",)     the same call as the previous one in the turn, id included
    ("e", i)   a call that ejecutar refuses or that raises: ERRONEAS[i]

Every turn but the last has at least one call; the last one may have none
(the model ends) or some (then the tope is at most the number of turns, or
one of them is erroneous). A turn with an erroneous call is always the last
one: the exception leaves bucle. A repetition follows a call.

`escenas()` yields descriptions from small to large (by `tamano`), a few
hundred of them, and `sesiones()` short series of scenes that one caller
runs one after another with the same `inicio` and environment. `construye`
turns a description into the grader's Escena with the course's own block
builders. Nothing here is mutable at module level: the guard restores the
grader's modules after every learner run, and tuples need no restoring.
"""

TEXTOS = (
    "Hecho.",
    " Miro la lista. ",      # spaces at both edges: the join keeps them
    "",                      # an empty text is still a block
    "Listo:\nya está ",      # a newline inside, a space at the end
    "  y nada más",          # two spaces at the start
)
"""The texts of text blocks."""

LLAMADAS = (
    ("listar", (("carpeta", "recetas/"),)),
    ("leer", (("ruta", "lista.txt"),)),
    ("escribir", (("ruta", "lista.txt"), ("contenido", "pan, huevos"))),
    ("buscar", (("texto", "PATATAS"),)),
    ("escribir", (("ruta", "nueva.txt"), ("contenido", "sal"))),
    ("leer", (("ruta", "notas.txt"),)),
    ("listar", (("carpeta", ""),)),
)
"""Calls that keep their schema, to every tool: (name, arguments)."""

ERRONEAS = (
    ("leer", (("ruta", "no-existe.txt"),)),           # leer raises KeyError
    ("leer", (("ruta", 7),)),                          # a number where a string goes
    ("buscar", ()),                                    # a required argument missing
    ("listar", (("carpeta", "recetas/"), ("todo", True))),  # an argument too many
)
"""Calls whose exception goes through bucle: ejecutar's ValueError, leer's KeyError."""


def tamano(descripcion):
    """How big a scene is: blocks, turns and the tope that matters."""
    tope, turnos = descripcion
    bloques = sum(len(t) for t in turnos)
    return bloques + len(turnos) + min(tope, len(turnos) + 1)


def _tope_de(n):
    """The topes worth trying for a conversation of n turns (0 has scenes of its own)."""
    return tuple(sorted({max(n - 1, 1), n, n + 2}))


def _finales():
    """Last turns with no call: 0 to 3 texts."""
    yield ()
    for i in range(len(TEXTOS)):
        yield (("t", i),)
    yield (("t", 0), ("t", 1))
    yield (("t", 1), ("t", 2))
    yield (("t", 3), ("t", 4))
    yield (("t", 0), ("t", 2), ("t", 1))
    yield (("t", 4), ("t", 3), ("t", 0))


def _con_llamadas():
    """Turns with 1 to 4 calls, texts before, between and after them, and
    repeated identical calls; every tool is called somewhere."""
    for i in range(len(LLAMADAS)):
        yield (("c", i),)
    yield (("t", 1), ("c", 0))
    yield (("c", 1), ("t", 0))
    yield (("c", 1), ("r",))
    yield (("c", 2), ("c", 1))
    yield (("c", 1), ("c", 2), ("c", 1))
    yield (("t", 0), ("c", 3), ("t", 1), ("c", 5), ("t", 2))
    yield (("c", 4), ("c", 6), ("c", 0))
    yield (("c", 0), ("r",), ("r",))
    yield (("t", 4), ("c", 5), ("c", 3), ("c", 1), ("c", 0), ("t", 3))
    yield (("c", 2), ("r",), ("c", 4), ("r",))


def _descripciones():
    finales = tuple(_finales())
    pedidos = tuple(_con_llamadas())
    # One turn: the model ends at once, or asks and the tope stops it.
    for d in ((finales[0],), (finales[1],), (pedidos[0],), (pedidos[4], finales[1])):
        yield 0, d  # tope 0: the model is never called
    for f in finales:
        for tope in (1, 2):
            yield tope, (f,)
    for p in pedidos:
        yield 1, (p,)
    # Two turns: calls, then an end.
    for k, p in enumerate(pedidos):
        for f in finales[k % 4:: 4]:
            for tope in _tope_de(2):
                yield tope, (p, f)
    # Three and four turns.
    for k in range(len(pedidos)):
        p, q = pedidos[k], pedidos[(k * 5 + 3) % len(pedidos)]
        f = finales[k % len(finales)]
        for tope in _tope_de(3):
            yield tope, (p, q, f)
        if k % 3 == 0:
            yield 6, (q, p, pedidos[(k + 1) % len(pedidos)], f)
    # Calls that raise: alone, after other calls in the turn, in a later turn.
    for e in range(len(ERRONEAS)):
        yield 3, ((("e", e),),)
        yield 3, ((("t", 0), ("c", 4), ("e", e), ("c", 1)),)
        yield 3, ((("c", 1),), (("c", 2), ("e", e)))
        yield 1, ((("c", 0),), (("e", e),))  # the tope comes first: nothing raises
    yield 4, ((("c", 5), ("r",)), (("e", 0), ("c", 4)))


def escenas():
    """Every description, smallest first (ties keep the order of definition)."""
    todas = list(_descripciones())
    orden = sorted(range(len(todas)), key=lambda i: (tamano(todas[i]), i))
    vistas = set()
    for i in orden:
        if todas[i] not in vistas:
            vistas.add(todas[i])
            yield todas[i]


def sesiones():
    """Series of scenes run by one caller with the same inicio and entorno."""
    yield ((1, ((("t", 0),),)), (1, ((("t", 1),),)))
    yield ((2, ((("c", 2),), (("t", 0),))), (2, ((("c", 1),), (("t", 1), ("t", 2)))))
    yield ((1, ((("c", 4),),)), (3, ((("c", 5), ("r",)), ())), (0, ((("t", 0),),)))
    yield ((3, ((("c", 1),), (("t", 3),))), (3, ((("e", 0),),)), (2, ((("c", 3),), ())))


# -- building ----------------------------------------------------------------------------

def respuestas_de(turnos, texto, llamada):
    """The model's responses for `turnos`, with the course's block builders."""
    respuestas, n = [], 0
    for turno in turnos:
        r = []
        for bloque in turno:
            if bloque[0] == "t":
                r.append(texto(TEXTOS[bloque[1]]))
            elif bloque[0] == "r":
                r.append(dict(r[-1], input=dict(r[-1]["input"])))
            else:
                nombre, argumentos = (LLAMADAS if bloque[0] == "c" else ERRONEAS)[bloque[1]]
                n += 1
                r.append(llamada("c%d" % n, nombre, **dict(argumentos)))
        respuestas.append(r)
    return respuestas


def es_valida(descripcion):
    """Whether a description keeps the rules the module docstring states."""
    tope, turnos = descripcion
    if type(tope) is not int or tope < 0 or not turnos:
        return False
    for k, turno in enumerate(turnos):
        tipos = [b[0] for b in turno]
        ultimo = k == len(turnos) - 1
        if not ultimo and not any(t in "cre" for t in tipos):
            return False
        if "e" in tipos and not ultimo:
            return False
        for j, b in enumerate(turno):
            if b[0] == "r" and (j == 0 or turno[j - 1][0] not in "cre"):
                return False
    ultimo = [b[0] for b in turnos[-1]]
    if tope > len(turnos) and "c" in ultimo and "e" not in ultimo:
        return False  # the loop would ask the model for a response the script does not have
    return True


def transcribe(descripcion):
    """The scene for a learner, in a few lines: the tope and each response."""
    tope, turnos = descripcion
    lineas = ["  tope %d; inicio con 2 mensajes; el entorno de la lección." % tope]
    n = 0
    for k, turno in enumerate(turnos, 1):
        partes = []
        for bloque in turno:
            if bloque[0] == "t":
                partes.append("texto %r" % TEXTOS[bloque[1]])
            elif bloque[0] == "r":
                partes.append("la misma llamada otra vez (c%d)" % n)
            else:
                nombre, argumentos = (LLAMADAS if bloque[0] == "c" else ERRONEAS)[bloque[1]]
                n += 1
                partes.append("c%d → %s(%s)" % (n, nombre, ", ".join(
                    "%s=%r" % par for par in argumentos)))
        lineas.append("  respuesta %d: [%s]" % (k, "; ".join(partes)))
    return lineas
