# El desafío de «El bucle», como contrato para el motor.
#
# El alumno escribe bucle(modelo, inicio, entorno, tope). El motor la compara
# con la bucle del curso (bucle.py): primero en la conversación de la lección,
# después en cientos de conversaciones generadas de todo lo que el enunciado
# permite: modelos que terminan, que no terminan nunca o que lanzan; respuestas
# vacías o con textos y llamadas en cualquier orden; una ejecutar que hace lo
# de la lección, que devuelve otra cosa, que lanza o que cambia el entorno; y
# topes de 0 en adelante. A veces llama a bucle varias veces seguidas.

import collections
import json
import types

from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G

SIGNATURE = "bucle(modelo, inicio, entorno, tope)"
FILES = ("guionizado.py", "entorno.py", "bucle.py")
LABELS = ("Lo que hizo tu bucle", "Lo que pide el contrato")

ENTORNO = types.MappingProxyType({
    "lista.txt": "pan, leche, patatas",
    "notas.txt": "El domingo comemos en casa: gazpacho y tortilla para seis.",
    "recetas/gazpacho.txt": "Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.",
    "recetas/tortilla.txt": "Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.",
})
INICIO = (("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "Añade a lista.txt lo que falta para las recetas."))


# --- el dominio ------------------------------------------------------------------------

# Un texto, una ruta o un id son textos cualesquiera; a veces, las rutas del entorno de la
# lección, para que leer encuentre su fichero.
# Also an empty text, and one whose accent is a combining mark: texto joins them as they came.
TEXTO = G.weighted((8, G.text()), (1, G.values("", "cafe\u0301 listo")))
RUTA = G.one_of(G.text(), G.values(*ENTORNO))
CARPETA = G.one_of(G.text(), G.just("recetas/"))
# Lo que el modelo escriba en una llamada que no es de la lección: cualquier nombre, cualquier input.
NOMBRE = G.one_of(G.values("leer", "listar", "escribir", "buscar"), G.text())
CUALQUIERA = G.anything()


def _texto(s):
    return {"type": "text", "text": s}


@G.composite
def peticion(f):
    """Un bloque tool_use: cumple su esquema o no (ejecutar lanza ValueError), pide
    una ruta que no existe (KeyError) o escribe (cambia el entorno)."""
    id = f.draw(TEXTO)
    forma = f.choose(4)
    if forma == 0:
        nombre, entrada = "leer", {"ruta": f.draw(RUTA)}
    elif forma == 1:
        nombre, entrada = "listar", {"carpeta": f.draw(CARPETA)}
    elif forma == 2:
        nombre, entrada = "escribir", {"ruta": f.draw(RUTA), "contenido": f.draw(TEXTO)}
    elif forma == 3:
        nombre, entrada = "buscar", {"texto": f.draw(TEXTO)}
    else:
        nombre, entrada = f.draw(NOMBRE), f.draw(CUALQUIERA)
    bloque = {"type": "tool_use", "id": id, "name": nombre, "input": entrada}
    if f.choose(9) == 9:
        # A block with its type and without its id, name or input is still a call: it goes to
        # ejecutar like any other (whose incumple says what it lacks).
        del bloque[f.draw(G.values("input", "name", "id"))]
    return bloque


# Un bloque de otro tipo (el razonamiento de un modelo, por ejemplo): se guarda con la
# respuesta y no es ni un texto ni una llamada.
OTRO = G.one_of(
    TEXTO.map(lambda s: {"type": "thinking", "thinking": s}),
    # Una herramienta que ejecuta el servidor del modelo: trae id, name e input, y no es
    # un tool_use, así que el bucle no la ejecuta.
    TEXTO.map(lambda s: {"type": "server_tool_use", "id": "s1", "name": "web_search",
                                  "input": {"query": s}}),
    # A type that only looks like one the loop knows, with the keys of a call and a text:
    # it is neither, since only the exact type counts.
    G.composite(lambda f: {"type": f.draw(G.values("tool", "use", "tool_use ", "Tool_Use", "tex", "texts")),
                           "id": "x1", "name": "leer", "input": {"ruta": "lista.txt"},
                           "text": f.draw(TEXTO)}))
BLOQUE = G.one_of(TEXTO.map(_texto), G.reordered(peticion), OTRO)
FINAL = G.lists(G.one_of(TEXTO.map(_texto), OTRO), 0, 3, average=1)  # una que no pide nada
PIDE = G.composite(lambda f: _con_llamada(f.draw(G.lists(BLOQUE, 0, 4, average=2)), f.draw(peticion),
                                          f.choose(4), f.choose(8) == 8))
RESPUESTA = G.one_of(FINAL, PIDE)


def _con_llamada(bloques, ll, donde, repetida=False):
    """Una respuesta con al menos una llamada, en cualquier sitio entre sus bloques. A veces
    la misma llamada, el mismo objeto, vuelve al final: son dos llamadas, y ejecutar recibe
    las dos (el bucle no las distingue por su id de Python)."""
    donde = min(donde, len(bloques))
    return bloques[:donde] + [ll] + bloques[donde:] + ([ll] if repetida else [])


# «Si el modelo o ejecutar lanzan una excepción», cualquiera salvo StopIteration, que el
# enunciado descarta. Como (clase, args): cada lado del caso lanza la suya.
EXCEPCION = G.exceptions(exclude=(StopIteration, StopAsyncIteration)).map(lambda e: (type(e), e.args))


@G.composite
def modelo(f):
    """Sus primeras respuestas y lo que responde después: terminar o seguir pidiendo.
    A veces lanza una excepción en un turno."""
    conductas = [D.returns(r) for r in f.draw(G.lists(RESPUESTA, 0, 5, average=2))]
    if f.choose(6) == 6:
        nombre, args = f.draw(EXCEPCION)
        conductas.insert(f.choose(len(conductas)), D.raises(nombre, *args))
    resto = D.returns(f.draw(RESPUESTA))
    return D.Fake("modelo", conductas, resto)


@G.composite
def conducta_de_ejecutar(f):
    forma = f.choose(5)
    if forma <= 1:
        return D.delegates("ejecutar")
    if forma == 2:
        observacion = {"type": "tool_result", "tool_use_id": f.draw(TEXTO), "content": f.draw(TEXTO)}
        # O la observación de un error, como la que da el ejecutar de «Los errores»: el bucle
        # sigue igual con las llamadas que quedan del turno (ronda trece, después de medir).
        if f.choose(1):
            observacion["is_error"] = True
        return D.returns(observacion)
    if forma == 3:
        nombre, args = f.draw(EXCEPCION)
        return D.raises(nombre, *args)
    if forma == 4:
        return D.sets(1, f.draw(RUTA), f.draw(TEXTO), D.delegates("ejecutar"))
    return D.returns(f.draw(CUALQUIERA))  # otra cosa, cualquiera


EJECUTAR = G.one_of(
    G.just(D.Fake("ejecutar", rest=D.delegates("ejecutar"))),
    G.lists(conducta_de_ejecutar, 1, 6, average=3).map(
        lambda cs: D.Fake("ejecutar", cs, rest=D.delegates("ejecutar"))))

MENSAJE = G.one_of(
    G.tuples(G.values("usuario", "sistema", "asistente"), TEXTO),
    G.tuples(G.just("asistente"), G.lists(BLOQUE, 0, 2, average=1)))

INICIO_G = G.one_of(G.just(list(INICIO)), G.lists(MENSAJE, 0, 4, average=2))

# Any mapping the caller keeps its files in, a dict subclass too: bucle hands it on as it is.
ENTORNO_G = G.one_of(G.just(dict(ENTORNO)), G.dicts(RUTA, TEXTO, max_size=3, average=1),
                     G.dicts(RUTA, TEXTO, max_size=2, average=1).map(collections.OrderedDict))


TOPE_SIN_FIN, TOPE = G.counts(8), G.counts(100000)


@G.composite
def llamada_a_bucle(f):
    m = f.draw(modelo)
    if any(b.get("type") == "tool_use" for b in m.rest[1]):
        tope = f.draw(TOPE_SIN_FIN)  # a model that never ends: each turn counts
    else:
        # A model that ends: a tope far above its turns too (code that compares ints with
        # `is`, where small ints are shared and large ones are not, is caught), up to 100 000:
        # a right loop that goes on counting the turns left idle once it has its answer
        # (functools.reduce over range(tope)) still ends within the check's time.
        tope = f.draw(TOPE)
    return (m, f.draw(INICIO_G), f.draw(ENTORNO_G), tope)


@G.composite
def caso(f):
    llamadas = f.draw(G.lists(llamada_a_bucle, 1, 3, average=0.4))
    return D.Case(llamadas, {"ejecutar": f.draw(EJECUTAR)})


# --- cómo se enseña un caso --------------------------------------------------------------

def bloque(b):
    if isinstance(b, dict) and b.get("type") == "text":
        return "texto %r" % (b.get("text"),)
    if isinstance(b, dict) and b.get("type") == "tool_use":
        argumentos = b.get("input")
        dentro = (", ".join("%s=%r" % par for par in argumentos.items())
                  if isinstance(argumentos, dict) else repr(argumentos))
        return "%s→%s(%s)" % (b.get("id"), b.get("name"), D.short(dentro, 50))
    if isinstance(b, dict) and b.get("type") == "tool_result":
        return "%s←%s%s" % (b.get("tool_use_id"), D.short(b.get("content"), 40),
                            " (is_error)" if b.get("is_error") else "")
    return D.short(b, 60)


def respuesta(r):
    return "[%s]" % "; ".join(bloque(b) for b in r) if isinstance(r, list) else D.short(r, 80)


def _conducta(c):
    if c[0] == "devuelve":
        return "responde %s" % respuesta(c[1])
    if c[0] == "lanza":
        return "lanza %s(%s)" % (D.exception_name(c[1]), ", ".join(D.short(repr(a), 60) for a in c[2]))
    if c[0] == "cambia":
        return "escribe %r en el entorno y hace lo de la lección" % (c[2],)
    return "hace lo de la lección"


def _modelo(m):
    vez = ["%d) %s" % (i, _conducta(c)) for i, c in enumerate(m.behaviours, 1)]
    vez.append("después, siempre %s" % _conducta(m.rest))
    return "; ".join(vez)


def _inicio(inicio):
    return "la de la lección" if inicio == list(INICIO) else D.short(inicio, 100)


def describe(caso):
    lineas = []
    for i, (modelo_, inicio, entorno, tope) in enumerate(caso.calls, 1):
        cabeza = "bucle" if len(caso.calls) == 1 else "Llamada %d a bucle" % i
        lineas.append("%s con tope = %d, inicio = %s, entorno = %s" % (
            cabeza, tope, _inicio(inicio),
            "el ENTORNO del curso mismo, el objeto global" if isinstance(entorno, D.Shared)
            else "el de la lección" if entorno == ENTORNO else D.short(entorno, 80)))
        lineas.append("  el modelo: %s" % _modelo(modelo_))
    ejecutar = caso.globals["ejecutar"]
    if ejecutar.behaviours:
        lineas.append("ejecutar: %s" % "; ".join(
            "%d) %s" % (i, _conducta(c)) for i, c in enumerate(ejecutar.behaviours, 1))
            + "; después, lo de la lección")
    return "\n".join(lineas)


def muestra_valor(v):
    if isinstance(v, list) and v and all(isinstance(h, dict) and "input_schema" in h for h in v):
        return "[las herramientas %s]" % ", ".join(str(h.get("name")) for h in v)
    if isinstance(v, list) and all(isinstance(m, tuple) and len(m) == 2 for m in v):
        partes = ["(%r, %s)" % (m[0], respuesta(m[1]) if isinstance(m[1], list) else D.short(m[1], 40))
                  for m in v]
        if len(partes) > 10:
            # Una conversación de cientos de turnos no cabe en un mensaje: su principio y su final.
            partes[4:-4] = ["… %d mensajes más …" % (len(partes) - 8)]
        return "[%s]" % ", ".join(partes)
    if isinstance(v, tuple) and len(v) == 3 and isinstance(v[2], list):
        return "(%r, %r, M = %s)" % (v[0], v[1], muestra_valor(v[2]))
    return D.short(v, 200)


# --- las reglas del enunciado -----------------------------------------------------------------

def _modelo_de_mas(d):
    return d.where == "evento" and (
        (d.theirs and d.theirs[0] in ("excedido",) and d.theirs[1] == "modelo")
        or (d.theirs is not None and d.contract is None and d.theirs[0] == "modelo"))


def _sobre_el_modelo(d):
    return d.where == "evento" and d.contract is not None and d.contract[0] == "modelo" \
        and d.theirs is not None and d.theirs[0] == "modelo"


def _sobre_ejecutar(d):
    return d.where == "evento" and "ejecutar" in (
        (d.theirs or ("",))[0], (d.contract or ("",))[0],
        (d.theirs or ("", ""))[1] if (d.theirs or ("",))[0] == "excedido" else "")


def _sale(d):
    """En esa llamada el contrato deja salir una excepción, y el bucle del alumno no: devuelve
    otra cosa o sigue llamando a alguien."""
    return "lanza" in d.in_contract and (
        d.where in ("lanza", "devuelve") or (d.where == "evento" and d.contract is None))


def _devuelve(d):
    return d.where in ("devuelve", "lanza") and "devuelve" in d.in_contract


def _tope(d):
    k = d.call
    v = d.in_contract.get("devuelve")
    return isinstance(v, tuple) and v[:1] == ("tope",) or (
        _modelo_de_mas(d) and k < len(d.case.calls))


def _texto_fin(d):
    v, s = d.in_contract.get("devuelve"), d.theirs
    return (d.where == "devuelve" and isinstance(v, tuple) and v[:1] == ("fin",)
            and s and s[0] == "devuelve" and isinstance(s[1], (tuple, list)) and len(s[1]) == 3
            and s[1][0] == "fin" and s[1][2] == v[2])


def _forma_mal(d):
    """bucle devolvió algo que no es una tupla de tres con "fin" o "tope" delante."""
    s = d.theirs
    return (d.where == "devuelve" and s is not None and s[0] == "devuelve"
            and not (isinstance(s[1], tuple) and len(s[1]) == 3 and s[1][0] in ("fin", "tope")
                     and isinstance(s[1][2], list)))


def _se_para_antes(d):
    """bucle terminó cuando el contrato aún llamaba al modelo o a ejecutar."""
    return d.where == "evento" and d.theirs is None and d.contract is not None


def _ultimo(d):
    """A quién llamó por última vez el bucle del alumno ("modelo", "ejecutar" o None)."""
    return d.learner.events[-1][0] if d.learner.events else None


def _devuelve_tope(d):
    v = d.in_contract.get("devuelve")
    return isinstance(v, tuple) and v[:1] == ("tope",)


def _ultimo_sin_ejecutar(d):
    """bucle devolvió "tope" tras la última llamada al modelo sin ejecutar lo que pedía."""
    return (_se_para_antes(d) and _devuelve_tope(d) and d.contract[0] == "ejecutar"
            and _ultimo(d) == "modelo")


def _copia_en_m(d, de):
    """M guarda, donde el contrato guarda un objeto que vino de `de` ("modelo": una respuesta;
    "inicio": lo que hay dentro de inicio), otro igual: una copia."""
    if d.where != "identidad":
        return False
    (_, _), (camino, marca) = D.primera_distinta(d.theirs, d.contract)
    origen = d.reference.origenes.get(-2 - marca) if marca <= -2 else None
    return bool(camino) and camino[0] == 2 and origen is not None and (
        origen[0] == "modelo" if de == "modelo" else origen == ("en", 1))


def _m_es_inicio(d):
    """El modelo recibió como M la misma lista inicio."""
    return (d.where == "evento" and d.theirs is not None and d.theirs[0] == "modelo"
            and 1 in d.theirs[3])


_M_ENTERA = ("M guarda cada respuesta entera, todos sus bloques en su orden, también una respuesta "
             "vacía o la última, como (\"asistente\", r).")

REGLAS = (
    D.Rule("devuelve", "bucle devuelve una tupla de tres elementos: (\"fin\", texto, M) o "
            "(\"tope\", None, M).",
            _forma_mal),
    D.Rule("sale-tal-cual", "si ejecutar o el modelo lanzan una excepción, sale de bucle tal cual: "
            "no se atrapa, no se convierte en observación y no se salta la llamada.",
            _sale,
            hint=("En esta lección nada se atrapa: si tu bucle tiene un try, la excepción ya no sale "
                   "de bucle tal como la lanzaron.")),
    D.Rule("tope", "nunca se llama al modelo más de tope veces; con tope 0 no se le llama y "
            "bucle devuelve (\"tope\", None, M).",
            lambda d: _modelo_de_mas(d) or (_devuelve(d) and _tope(d) and not _sobre_el_modelo(d)
                                            and not _ultimo_sin_ejecutar(d)),
            hint="Cuenta las llamadas al modelo con tope 0, 1 y 2."),
    D.Rule("ultimo-turno", "en el último turno que permite el tope, si la respuesta pide algo, sus "
            "llamadas se ejecutan y sus observaciones entran en M antes de devolver "
            "(\"tope\", None, M).",
            _ultimo_sin_ejecutar,
            hint="En la última vuelta permitida, si la respuesta pide algo, ¿se ejecutan sus llamadas "
                 "antes de devolver?"),
    D.Rule("termina", "el bucle solo termina cuando una respuesta no incluye ningún tool_use "
            "(con \"fin\") o cuando ya ha llamado tope veces al modelo; hasta entonces, cada "
            "turno llama al modelo y ejecuta sus llamadas.",
            lambda d: _se_para_antes(d) and not (d.contract[0] == "ejecutar"
                                                 and _ultimo(d) == "ejecutar")),
    D.Rule("inicio", "inicio es de quien llama: bucle no lo modifica, y M arranca como una copia, "
            "list(inicio), con los mismos mensajes de inicio, no con copias de ellos.",
            lambda d: (d.where == "args" and d.extra == 1) or _m_es_inicio(d)
            or _copia_en_m(d, "inicio"),
            hint=("M = inicio no copia nada: las dos variables nombran la misma lista, y cada append "
                   "la cambia también para quien llamó. ¿Cómo se hace una lista nueva con los mismos "
                   "elementos?")),
    D.Rule("ejecutar", "las llamadas de una respuesta pasan todas por ejecutar, en su orden, "
            "también las repetidas, sobre el entorno que recibe bucle (ni ENTORNO ni una copia).",
            lambda d: _sobre_ejecutar(d) or (d.where == "args" and d.extra == 2)
            or (d.where == "global"),
            hint=("Recorre las llamadas en el orden en que vienen, sin quitar las repetidas, y pásale a "
                   "ejecutar el entorno que recibió bucle, no ENTORNO.")),
    D.Rule("mensajes", "el modelo recibe modelo(M, HERRAMIENTAS), y M guarda cada respuesta entera "
            "como (\"asistente\", r) y las observaciones de un turno juntas en un solo "
            "(\"usuario\", [...]).",
            _sobre_el_modelo,
            hint=("Cada turno añade a M la respuesta entera y, si pidió algo, un único mensaje con todas "
                   "sus observaciones. Compara tu M, turno a turno, con la que enseña el widget.")),
    D.Rule("texto", "al terminar, texto junta los textos de los bloques text de la última "
            "respuesta, tal cual, con un espacio entre ellos (una respuesta sin bloques da \"\").",
            _texto_fin,
            hint=("Los textos van tal cual: sin strip() y sin saltarte los vacíos, con un espacio entre "
                   "uno y otro. ¿Qué da \" \".join() con una lista vacía?")),
    D.Rule("fin", "cuando una respuesta no incluye ningún tool_use, el bucle termina ahí con "
            "(\"fin\", texto, M), aunque acabe en un bloque que no es un texto.",
            lambda d: _devuelve(d) and (d.in_contract.get("devuelve") or ("",))[0] == "fin"
            and d.theirs[0] == "devuelve" and isinstance(d.theirs[1], tuple) and len(d.theirs[1]) == 3
            and d.theirs[1][0] != "fin"),
    # One rule of the statement, two hints: a M whose messages are not the contract's (one
    # missing, say) and a M that holds a copy of r need different nudges.
    D.Rule("m-entera", _M_ENTERA,
            lambda d: _devuelve(d) and d.theirs[0] == "devuelve" and isinstance(d.theirs[1], tuple)
            and len(d.theirs[1]) == 3 and d.theirs[1][0] == (d.in_contract.get("devuelve")
                                                        or (None,))[0]
            and d.theirs[1][2] != d.in_contract["devuelve"][2],
            hint=("¿Entra en tu M cada respuesta del modelo como (\"asistente\", r), también una "
                  "respuesta vacía y la del último turno, antes de devolverla? Compara tu M con la del "
                  "contrato mensaje a mensaje.")),
    D.Rule("m-misma-r", _M_ENTERA,
            lambda d: _copia_en_m(d, "modelo"),
            hint=("¿Lo que guardas en M es la lista r que devolvió el modelo, la misma, o una lista "
                  "nueva hecha con sus bloques?")),
    D.Rule("nueva-M", "cada llamada a bucle empieza con una M nueva: volver a llamarla no cambia "
            "nada de lo que devolvió antes.",
            lambda d: d.where == "al_final"),
)


# --- los bordes: antes que las conversaciones al azar, cada forma de respuesta ------------

def _ll(id, nombre, **argumentos):
    return {"type": "tool_use", "id": id, "name": nombre, "input": argumentos}


FORMAS_BORDE = (
    [], [_texto(" a ")], [_texto("")], [{"type": "thinking", "thinking": "pienso"}],
    [_texto("a"), _texto("b")], [_ll("t1", "leer", ruta="lista.txt")],
    [_ll("t1", "leer", ruta="lista.txt"), _texto("después")],
    [_texto("antes"), _ll("t1", "leer", ruta="lista.txt"), _ll("t1", "leer", ruta="lista.txt")],
    [_ll("t1", "escribir", ruta="nueva.txt", contenido="x"), _ll("t2", "leer", ruta="nueva.txt")],
    [_ll("t1", "borrar", ruta="lista.txt")], [_ll("t1", "leer", ruta="tortilla.txt")],
    [_ll("t1", "listar", carpeta="recetas/"), _ll("t2", "leer", fichero="x")],
    [{"type": "server_tool_use", "id": "s1", "name": "web_search", "input": {"query": "x"}},
     _texto("busqué")],
)


def _una_llamada(respuestas, tope, ejecutar=None, rest=None, record=True):
    m = D.Fake("modelo", [D.returns(r) for r in respuestas], rest or D.returns([_texto("fin")]),
                record=record)
    return D.Case([(m, list(INICIO), dict(ENTORNO), tope)],
                  {"ejecutar": ejecutar or D.Fake("ejecutar", rest=D.delegates("ejecutar"))})


def bordes():
    casos = [_una_llamada([forma], tope) for tope in (0, 1, 2) for forma in FORMAS_BORDE]
    casos += [_una_llamada([], 3, rest=D.returns(FORMAS_BORDE[5]))]  # un modelo que nunca acaba
    # Conversaciones largas: un bucle que recorta M, o que cuenta mal, se nota al turno 30.
    casos += [_una_llamada([], 30, rest=D.returns(FORMAS_BORDE[5])),
              _una_llamada([FORMAS_BORDE[5]] * 25, 40)]
    casos += [_una_llamada([FORMAS_BORDE[5]], 3, rest=D.raises("RuntimeError", "el modelo falla")),
              _una_llamada([FORMAS_BORDE[7]], 3, ejecutar=D.Fake(
                  "ejecutar", [D.delegates("ejecutar"), D.raises("ValueError", "a mitad de turno")],
                  rest=D.delegates("ejecutar"))),
              _una_llamada([FORMAS_BORDE[5]], 3, ejecutar=D.Fake(
                  "ejecutar", [D.sets(1, "lista.txt", "cambiado", D.delegates("ejecutar"))],
                  rest=D.delegates("ejecutar")))]
    dos = _una_llamada([FORMAS_BORDE[5]], 2)
    casos.append(D.Case(dos.calls * 2, dos.globals))  # bucle, dos veces seguidas
    # Detrás de los de antes, para no mover sus números. Una respuesta con muchas llamadas:
    # todas se ejecutan, en su orden, sin un máximo por turno.
    casos += [_una_llamada([[_ll("t%d" % k, "leer", ruta="lista.txt") for k in range(1, 13)]], tope)
              for tope in (1, 2)]
    # Quien llama puede pasar como entorno el ENTORNO del curso mismo: bucle trabaja sobre él,
    # como sobre cualquier otro, sin copiarlo.
    mismo = D.Shared("entorno", D.FromCourse("ENTORNO"))
    casos += [D.Case([(D.Fake("modelo", [D.returns([_ll("t1", "escribir", ruta="nueva.txt", contenido="x")])],
                              D.returns([_texto("fin")])), list(INICIO), mismo, 3)],
                     {"ejecutar": D.Fake("ejecutar", rest=D.delegates("ejecutar")), "ENTORNO": mismo})]
    # El id de una llamada es un texto cualquiera, vacío o con otra forma: es llamada todo
    # bloque tool_use, y su observación lleva ese id.
    casos += [_una_llamada([[_ll(id, "listar", carpeta="recetas/")]], tope)
              for id in ("", "toolu_01") for tope in (1, 2)]
    # De la ronda once, una vez medida: un input que es el texto de un JSON, no un diccionario.
    # Lo decide ejecutar (su incumple lo rechaza y lanza ValueError): el bucle no lo descodifica.
    casos += [_una_llamada([[{"type": "tool_use", "id": "t1", "name": "leer", "input": '{"ruta": "lista.txt"}'}]],
                           tope) for tope in (1, 2)]
    # De la ronda doce, una vez medida: un texto que se lee como una llamada escrita en JSON
    # (algunos modelos lo hacen) es un texto: solo un bloque tool_use es una llamada.
    casos += [_una_llamada([[_texto(json.dumps(llamada_en_texto))]], 1)
              for llamada_en_texto in ({"name": "listar", "input": {"carpeta": "recetas/"}},
                                       {"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "lista.txt"}})]
    # De la ronda trece, después de medir: una respuesta final con tres textos. «Junta los
    # textos» son todos, también el del medio (un bucle que une el primero y el último lo
    # pierde; el azar lo encontraba a veces). (Un tope enorme, que se probó también, no
    # sirve: en Pyodide islice(count(), tope) no admite más que sys.maxsize, 2**31 - 1.)
    casos.append(_una_llamada([[_texto("uno"), _texto("dos"), _texto("tres")]], 1))
    # Al final de los bordes, por lo que cuesta: un modelo que nunca acaba con un tope justo
    # por encima de los enteros pequeños (257): un bucle que compara con `is` no se para
    # nunca. Sin anotar cada M que recibe el modelo (cientos de copias cada vez más largas):
    # basta con lo que devuelve bucle y con que acabe.
    casos.append(_una_llamada([], 257, rest=D.returns(FORMAS_BORDE[5]), record=False,
                              ejecutar=D.Fake("ejecutar", rest=D.delegates("ejecutar"), record=False)))
    return casos


CONTRATO = D.Differential(
    reference="bucle", arguments=("modelo", "inicio", "entorno", "tope"), case=caso,
    describe=describe, rules=REGLAS, course_globals=("ENTORNO", "HERRAMIENTAS"), random_cases=200,
    edges=bordes(), show_value=muestra_valor)


# --- la conversación de la lección ---------------------------------------------------------

LISTA = "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla"
FINAL_LECCION = "He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla."


RESPUESTAS = (
    [_texto("Miro qué recetas hay."), _ll("t1", "listar", carpeta="recetas/")],
    [_ll("t2", "leer", ruta="recetas/gazpacho.txt"), _ll("t3", "leer", ruta="recetas/tortilla.txt"),
     _ll("t4", "leer", ruta="lista.txt")],
    [_ll("t5", "escribir", ruta="lista.txt", contenido=LISTA)],
    [_texto(FINAL_LECCION)],
)


def leccion(tope):
    m = D.Fake("modelo", [D.returns(r) for r in RESPUESTAS], D.raises("RuntimeError", "sin guion"))
    return D.Case([(m, list(INICIO), dict(ENTORNO), tope)],
                  {"ejecutar": D.Fake("ejecutar", rest=D.delegates("ejecutar"))})


@check("conversacion", "La conversación de la lección")
def conversacion(p):
    return CONTRATO.verify(p, cases=[leccion(10), leccion(3)], passed_message=(
        "Con tope 10, tu bucle recorre los cuatro turnos de la lección y devuelve lo mismo que "
        "el contrato; con tope 3, se para donde el contrato, con las observaciones del tercer "
        "turno en M."))


@check("generadas", "Cientos de conversaciones, de menor a mayor")
def generadas(p):
    return CONTRATO.verify(p, passed_message=(
        "Tu bucle hace lo mismo que el contrato en las %d conversaciones generadas: modelos que "
        "terminan, que no terminan o que lanzan, respuestas de todas las formas, ejecutar que "
        "lanza o cambia el entorno, topes de 0 a 8 y llamadas seguidas a bucle."))
