# El desafío de «Los errores como observaciones», como contrato para el motor.
#
# El alumno escribe ejecutar(bloque, entorno). El motor la compara con la ejecutar
# del curso (errores.py): primero en la conversación de la lección, después en
# cientos de casos generados de todo lo que el enunciado permite, con
# herramientas que devuelven cualquier cosa, lanzan cualquier excepción o
# cambian el entorno antes de lanzar.

import builtins
import functools
import json
import types
import warnings

from lessonrt.grading import check
from lessonrt.grading import differential as D
from lessonrt.grading import generators as G
from lessonrt.grading.guard import FALTA

SIGNATURE = "ejecutar(bloque, entorno)"
# errores.py va detrás de bucle.py: su ejecutar sustituye a la de la lección
# anterior, y es la que hace de contrato.
FILES = ("guionizado.py", "entorno.py", "bucle.py", "errores.py")
LABELS = ("Lo que hizo tu función ejecutar", "Lo que pide el contrato")

PARAMETROS = types.MappingProxyType({"leer": ("ruta",), "escribir": ("ruta", "contenido"), "listar": ("carpeta",),
              "buscar": ("texto",), "Leer": ("ruta",)})
NOMBRES = ("leer", "escribir", "listar", "buscar")

# Lo que entorno.py trae, copiado aquí para construir casos antes de tener el curso.
ENTORNO = types.MappingProxyType({
    "lista.txt": "pan, leche, patatas",
    "notas.txt": "El domingo comemos en casa: gazpacho y tortilla para seis.",
    "recetas/gazpacho.txt": "Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.",
    "recetas/tortilla.txt": "Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.",
})


# --- el dominio ------------------------------------------------------------------------

# Un valor que una herramienta devuelve y con el que resultado() falla: un error del
# harness al fabricar la observación, que debe salir de ejecutar tal cual.
# Un resultado() que falla es opcional: una ejecutar que escribe el dict a mano, sin
# llamarlo, hace lo mismo que el contrato con el resultado del curso, y ese caso no dice
# nada de ella.
ROMPE_RESULTADO = "⚠ resultado no puede con esto"

# Lo que el modelo escribe en una ruta, una carpeta o un texto es un texto cualquiera (el
# esquema solo pide "string"); a veces, las rutas del entorno de la lección, para que leer
# encuentre su fichero.
RUTAS = G.one_of(G.text(), G.values(*ENTORNO))
TEXTOS = G.text()
VALOR_DE = types.MappingProxyType({"ruta": RUTAS, "contenido": TEXTOS, "texto": TEXTOS,
                                   "carpeta": G.one_of(G.text(), G.just("recetas/"))})
# «El modelo puede escribir cualquier cosa en name y en input»: cualquier valor.
VALOR_MALO = G.anything()
OTRO_NOMBRE = G.one_of(G.just("Leer"), VALOR_MALO)
# «id es un texto».
IDS = G.text()


@G.composite
def argumentos(f):
    """(nombre, input): válidos primero; después uno que falta, uno que sobra, uno de
    otro tipo, unos que no son un objeto y herramientas que no existen."""
    nombre = f.draw(G.values(*NOMBRES + (OTRA,)))
    validos = {p: f.draw(VALOR_DE[p]) for p in PARAMETROS[nombre]}
    forma = max(0, f.choose(9) - 4)  # la mitad de las llamadas cumplen su esquema
    if forma == 0:
        return nombre, validos
    if forma == 1:
        quitar = PARAMETROS[nombre][f.choose(len(PARAMETROS[nombre]) - 1)]
        return nombre, {k: v for k, v in validos.items() if k != quitar}
    if forma == 2:
        # Also a key named like ejecutar's own parameters: only the tool's call may see it.
        return nombre, dict(validos, **{f.draw(G.values("extra", "ruta", "fichero", "entorno", "bloque")): "x"})
    if forma == 3:
        malo = PARAMETROS[nombre][f.choose(len(PARAMETROS[nombre]) - 1)]
        return nombre, dict(validos, **{malo: f.draw(VALOR_MALO)})
    if forma == 4:
        if f.choose(3) == 3:
            # The arguments written as a JSON text: still not an object, however they read.
            return nombre, json.dumps(validos)
        return nombre, f.draw(VALOR_MALO)
    # Leer, la quinta herramienta que a veces se declara, o cualquier otro nombre.
    return f.draw(OTRO_NOMBRE), validos


@G.composite
def _llamada(f):
    nombre, entrada = f.draw(argumentos)
    bloque = {"type": "tool_use", "id": f.draw(IDS), "name": nombre, "input": entrada}
    if f.choose(8) == 8:
        # Only type and id are certain: a block without its name or its input.
        del bloque[f.draw(G.values("name", "input"))]
    return bloque


llamada = G.reordered(_llamada)  # un bloque JSON no promete el orden de sus claves


# «Si la herramienta lanza una Exception, la que sea»: cualquier excepción, también clases
# propias con su __str__ o su __repr__, y las que no son una Exception (KeyboardInterrupt,
# SystemExit), que salen tal cual. Como (clase, args): cada lado del caso lanza la suya.
EXCEPCION = G.weighted(
    (4, G.exceptions().map(lambda e: (type(e), e.args))),
    # The course's own: the scripted model's ErrorDeGuion is an Exception like any other.
    (1, G.just((D.DEL_CURSO + "ErrorDeGuion", ("el guion esperaba otra cosa",)))),
    # Un mensaje que ya empieza por el nombre de su tipo: el content lo repite igual.
    (1, G.tuples(G.exceptions().map(type), G.text(max_size=40)).map(
        lambda p: (p[0], (p[0].__name__ + " " + p[1],)))))


# Lo que devuelve una herramienta: los valores que más tientan a tratarlos aparte primero.
# Bytes, que tientan a decodificarlos, y un dict que parece ya un tool_result, que tienta a
# devolverlo tal cual: resultado() decide qué hacer con ellos, no ejecutar.
# «Sea lo que sea valor»: cualquier valor, y además los que parecen ya una observación o
# un error (un hábito de JavaScript), que tientan a tratarlos aparte.
DEVUELTO = G.weighted((4, G.anything()),
                      (1, G.values({"type": "tool_result", "content": "pan"},
                                   {"content": "pan", "is_error": True}, {"error": "no encontrado"},
                                   "Error: no hay nada", ROMPE_RESULTADO)))


# Lo que hace después de cambiar el entorno: lanzar o devolver, como cualquier otra vez.
LUEGO = G.one_of(EXCEPCION.map(lambda e: D.raises(e[0], *e[1])), DEVUELTO.map(D.returns))


@G.composite
def conducta(f):
    """Lo que hace una herramienta en una llamada: devolver algo, lanzar, o cambiar el
    entorno y después devolver o lanzar. (Una que imprime mientras trabaja está entre los
    casos límite: sorteada aquí, movería todos los casos generados de los ficheros del
    corpus.)"""
    tipo = f.choose(2)
    if tipo == 0:
        cual = f.choose(9)
        if cual == 9:  # devuelve una excepción, sin lanzarla: es un valor como otro
            nombre, args = f.draw(EXCEPCION)
            return D.makes(nombre, *args)
        if cual == 8:
            # Un generador, una respuesta perezosa, o la corrutina de una herramienta escrita
            # con async def: resultado() la recibe tal cual, sin que ejecutar la recorra, la
            # convierta en lista ni la espere.
            if f.choose(3) == 3:
                return D.awaits(f.draw(TEXTOS))
            return D.yields(f.draw(G.lists(TEXTOS, 0, 3, average=1)))
        return D.returns(f.draw(DEVUELTO))
    if tipo == 1:
        nombre, args = f.draw(EXCEPCION)
        if f.choose(5) == 5:  # lanzada desde otra: solo cuenta la que sale de la herramienta
            return D.raises(nombre, *args, cause=("KeyError", ("la causa",)))
        return D.raises(nombre, *args)
    luego = f.draw(LUEGO)
    return D.sets(0, f.draw(RUTAS), f.draw(TEXTOS), luego)


# --- herramientas que no son funciones, con excepciones propias ----------------------------
# FUNCIONES guarda cualquier cosa que se pueda llamar, y una herramienta lanza las
# excepciones de las clases que quiera: ejecutar no puede contar con un __name__, con
# que la herramienta sea verdadera, con el __init__ o el __repr__ de la excepción ni con
# que sus args sean hashables.

class ErrorYParada(KeyboardInterrupt, Exception):
    """Una Exception aunque también herede de KeyboardInterrupt: el except la atrapa."""


class ErrorConRepr(Exception):
    def __repr__(self):
        return "<un error con su propio repr>"


class ErrorDeRuta(Exception):
    """Su __init__ pide otros argumentos que los que guarda en args."""

    def __init__(self, ruta, motivo):
        super().__init__("%s: %s" % (ruta, motivo))
        self.ruta = ruta


class Herramienta:
    """Una herramienta que es un objeto con __call__. Es un valor fijo del caso, el
    mismo para los dos lados: no guarda nada entre llamadas."""

    def __init__(self, texto, hace):
        self.texto, self.hace = texto, hace

    def __call__(self, entorno, **entrada):
        return self.hace()

    def __repr__(self):
        return "<herramienta>"


class HerramientaVacia(Herramienta):
    """Falsa como valor de verdad, como un objeto con __len__ que aún vale 0."""

    def __len__(self):
        return 0


def _lanza(error):
    def hace():
        raise error()
    return hace


class TextoIterador(str):
    """Un texto que además es un iterador: con el __iter__ de str y un __next__ propio,
    isinstance(v, collections.abc.Iterator) lo da por uno. Un iterador de otra clase no
    tiene un valor que comparar; éste sí, el texto, y quien lo convierte en otra cosa
    (una lista, un texto nuevo) se nota."""

    def __next__(self):
        raise StopIteration


class IgualATodo:
    """Un motivo que dice ser igual a cualquier cosa, también a None (como mock.ANY): lo
    que decide es `is not None`."""

    def __eq__(self, otro):
        return True

    __hash__ = object.__hash__

    def __repr__(self):
        return "<un motivo igual a todo>"


def _avisa(valor):
    """A tool that only warns still returns: its warning is no error."""
    warnings.warn("antigua", DeprecationWarning, stacklevel=2)
    return valor


class NoSeCopia:
    """A value a tool may return that copy and pickle refuse: the observation holds it as
    it came, and a copy of it, made to keep M safe, is no longer the tool's value."""

    def __reduce_ex__(self, protocolo):
        raise TypeError("NoSeCopia no se deja copiar")

    def __repr__(self):
        return "<un objeto que no se deja copiar>"


HACE = (
    ("devuelve 'hecho'", lambda: "hecho"),
    ("devuelve 'ab', un texto que además es un iterador", lambda: TextoIterador("ab")),
    ("devuelve 'a\\r\\nb'", lambda: "a\r\nb"),
    ("lanza ErrorYParada('ctrl'), que hereda de KeyboardInterrupt y de Exception",
     _lanza(lambda: ErrorYParada("ctrl"))),
    ("lanza ErrorConRepr('sin permiso'), con su propio __repr__",
     _lanza(lambda: ErrorConRepr("sin permiso"))),
    ("lanza ErrorDeRuta('lista.txt', 'bloqueado'), cuyo __init__ pide ruta y motivo",
     _lanza(lambda: ErrorDeRuta("lista.txt", "bloqueado"))),
    ("lanza ValueError(['a']), con args que no son hashables", _lanza(lambda: ValueError(["a"]))),
    ("lanza ValueError('ValueError: ya lo dice'), cuyo mensaje empieza por su tipo",
     _lanza(lambda: ValueError("ValueError: ya lo dice"))),
    ("lanza ExceptionGroup('varias', [KeyError('a')]), un grupo de una excepción",
     _lanza(lambda: ExceptionGroup("varias", [KeyError("a")]))),
    ("avisa con warnings.warn('antigua', DeprecationWarning) y devuelve 'hecho'", lambda: _avisa("hecho")),
    ("devuelve un objeto que no se deja copiar", lambda: NoSeCopia()),
)
PROPIAS = tuple(forma(Herramienta(texto, hace)) for texto, hace in HACE
                for forma in (lambda h: h, functools.partial,
                              lambda h: HerramientaVacia(h.texto, h.hace)))


def _propia(h):
    if isinstance(h, functools.partial):
        return "functools.partial de un objeto que %s" % h.func.texto
    if isinstance(h, HerramientaVacia):
        return "un objeto falso como valor de verdad (len 0) que %s" % h.texto
    return "un objeto con __call__ que %s" % h.texto


def herramienta(nombre):
    """La función de una herramienta: la de entorno.py, o una que en sus primeras
    llamadas hace otra cosa."""
    return G.weighted((4, G.just(D.Fake(nombre, rest=D.delegates(nombre)))),
                      (4, G.lists(conducta, 1, 3, average=1).map(
                          lambda cs: D.Fake(nombre, cs, rest=D.delegates(nombre)))),
                      (1, G.values(*PROPIAS)))


HERRAMIENTA = types.MappingProxyType({nombre: herramienta(nombre) for nombre in NOMBRES})


# Una quinta herramienta que a veces declara el harness: su nombre solo se distingue
# de leer por la mayúscula, así que ejecutar debe buscar el nombre tal cual.
OTRA = "Leer"
ESQUEMA_OTRA = types.MappingProxyType({"name": OTRA, "description": "Lee un fichero en voz alta.",
                "input_schema": {"type": "object", "properties": {"ruta": {"type": "string"}},
                                 "required": ["ruta"], "additionalProperties": False}})


@G.composite
def herramientas(f):
    """{"FUNCIONES": ..., "HERRAMIENTAS": ...} de un caso."""
    funciones = {nombre: f.draw(HERRAMIENTA[nombre]) for nombre in NOMBRES}
    quita, mas = (), ()
    forma = f.choose(7)
    if forma == 7:  # HERRAMIENTAS la declara y FUNCIONES no la tiene: un error del harness
        quita = (f.draw(G.values(*NOMBRES)),)
        funciones = {k: v for k, v in funciones.items() if k not in quita}
    elif forma == 6:
        funciones[OTRA] = D.Fake(OTRA, f.draw(G.lists(conducta, 1, 3, average=1)),
                                  rest=D.returns("en voz alta"))
        mas = (dict(ESQUEMA_OTRA),)
    return {"FUNCIONES": D.InPlace(funciones, remove=quita + (() if mas else (OTRA,))),
            "HERRAMIENTAS": D.InPlace(D.FromCourse("HERRAMIENTAS", more=mas))}


CONTENIDO = G.anything()  # lo que guarda un fichero del entorno de quien llama


@G.composite
def entorno(f):
    forma = f.choose(3)
    if forma == 0:
        return dict(ENTORNO)
    base = f.draw(G.dicts(RUTAS, TEXTOS, max_size=4, average=2))
    if forma == 1:
        return base
    if forma == 2:
        return D.ReadOnly(dict(ENTORNO, **base))
    return dict(base, **{f.draw(RUTAS): f.draw(CONTENIDO)})  # un fichero que quizá no es texto


# Un error del harness sale tal cual, sea del tipo que sea.
ERROR_DEL_HARNESS = G.exceptions().map(type)


@G.composite
def harness(f):
    """incumple y resultado: las del curso, o (a veces) con un fallo propio."""
    forma = f.choose(9)
    incumple = D.Fake("incumple", rest=D.delegates("incumple"), record=False)
    resultado = D.Fake("resultado", rest=D.delegates("resultado"), record=False)
    if forma == 8:
        incumple = D.Fake("incumple", [D.raises(f.draw(ERROR_DEL_HARNESS),
                                                "incumple: un error del harness")],
                           rest=D.delegates("incumple"), record=False)
    elif forma == 5:  # una incumple que no da lo mismo en cada llamada
        primera, segunda = f.draw(G.values(("aviso 1", "aviso 2"), ("aviso 1", None), ("", None)))
        incumple = D.Fake("incumple", [D.returns(primera), D.returns(segunda)],
                          rest=D.delegates("incumple"), record=False)
    elif forma == 4:
        # «Cualquier valor que no sea None»: False, 0, [], un objeto igual a todo… va tal cual.
        motivo = f.draw(G.weighted((3, G.anything()), (1, G.values(False, 0, [], IgualATodo()))))
        incumple = D.Fake("incumple", [D.returns("sin motivo" if motivo is None else motivo)],
                          rest=D.delegates("incumple"), record=False)
    elif forma == 7:
        resultado = D.Fake("resultado", rest=D.when(1, ROMPE_RESULTADO, D.raises(
            "TypeError", "resultado: un error del harness"), D.delegates("resultado")), record=False,
            optional=True)
    elif forma == 3:
        # Un resultado que escribe también is_error: False, como admite la API: lo que
        # devuelve es la observación tal cual, sin quitarle ni añadirle nada.
        resultado = D.Fake("resultado", rest=D.adds({"is_error": False}, D.delegates("resultado")),
                           record=False, optional=True)
    elif forma == 6:  # un resultado más estricto, que solo acepta textos
        resultado = D.Fake("resultado", rest=D.when_not_str(1, D.raises(
            "TypeError", "resultado: el contenido debe ser un texto"), D.delegates("resultado")),
            record=False, optional=True)
    return {"incumple": incumple, "resultado": resultado}


ATENDIDA = G.values(("ValueError", ("de fuera",)), ("KeyError", ("de fuera",)))


@G.composite
def caso(f):
    llamadas = f.draw(G.lists(G.tuples(llamada, entorno), 1, 3, average=1))
    globales = f.draw(herramientas)
    globales.update(f.draw(harness))
    # Quien llama a ejecutar puede estar atendiendo ya otra excepción, en su except.
    atendiendo = f.draw(G.weighted((5, G.just(None)), (1, ATENDIDA)))
    return D.Case(llamadas, globales, handling=atendiendo)


# --- cómo se enseña un caso --------------------------------------------------------------

def _tipo(t):
    """El nombre de una clase de excepción, y de quién hereda si no es una de Python."""
    if isinstance(t, str) or getattr(builtins, t.__name__, None) is t:
        return D.exception_name(t)
    return "%s (una clase propia, hija de %s)" % (
        t.__name__, " y ".join(b.__name__ for b in t.__bases__))


def _conducta(c):
    if c[0] == "devuelve":
        return "devuelve %s" % D.short(c[1], 50)
    if c[0] == "lanza" and len(c) > 3:
        return "lanza %s(%s) desde %s(%s)" % (_tipo(c[1]), ", ".join(repr(a) for a in c[2]), c[3][0],
                                              ", ".join(repr(a) for a in c[3][1]))
    if c[0] == "lanza":
        return "lanza %s(%s)" % (_tipo(c[1]), ", ".join(D.short(repr(a), 60) for a in c[2]))
    if c[0] == "genera":
        return "devuelve un generador de %s" % D.short(list(c[1]), 50)
    if c[0] == "imprime":
        return "imprime %s y %s" % (D.short(repr(c[1]), 40), _conducta(c[2]))
    if c[0] == "reentra":
        return "llama ella misma a ejecutar(%s, …) y después %s" % (D.short(c[1][0], 80), _conducta(c[2]))
    if c[0] == "espera":
        return "devuelve una corrutina (es async def) que da %s, sin esperarla" % D.short(repr(c[1]), 50)
    if c[0] == "añade":
        return "hace lo mismo que la de entorno.py y añade %s al dict" % D.short(c[1], 50)
    if c[0] == "crea":
        return "devuelve %s(%s), sin lanzarla" % (_tipo(c[1]), ", ".join(D.short(repr(a), 60) for a in c[2]))
    if c[0] == "cambia" and isinstance(c[1], str):
        return "añade %r a lo que recibe en %s y %s" % (c[3], c[1], _conducta(c[4]))
    if c[0] == "cambia":
        return "escribe %r en el entorno y %s" % (c[2], _conducta(c[4]))
    return "hace lo mismo que la de entorno.py"  # delega


def _herramienta(h):
    if not isinstance(h, D.Fake):
        return _propia(h)
    despues = _conducta(h.rest)
    if not h.behaviours:
        return despues.replace("hace lo mismo que la de entorno.py", "la de entorno.py")
    vez = [_conducta(c) for c in h.behaviours]
    if len(vez) == 1:
        return "%s; después, %s" % (vez[0], despues)
    return "; ".join("la %dª vez %s" % (i, v) for i, v in enumerate(vez, 1)) + \
        "; después, " + despues


def _entorno(e):
    if isinstance(e, D.ReadOnly):
        return "un entorno de solo lectura con %s" % D.short(e.value, 90)
    if isinstance(e, D.Shared):
        return _entorno(e.spec)
    if isinstance(e, D.FromCourse):
        return "el ENTORNO del curso mismo, el objeto global"
    if type(e) is dict and e.keys() == ENTORNO.keys() and all(
            type(v) is str and v == ENTORNO[k] for k, v in e.items()):
        return "el entorno de la lección"
    return D.short(e, 90)


def describe(caso):
    lineas = []
    if caso.handling is not None:
        lineas.append("Quien llama a ejecutar lo hace desde un except, mientras atiende %s(%s)"
                      % (caso.handling[0], ", ".join(repr(a) for a in caso.handling[1])))
    nombres = set()
    for i, (ll, ent) in enumerate(caso.calls, 1):
        cabeza = "ejecutar(bloque, entorno)" if len(caso.calls) == 1 else "Llamada %d" % i
        lineas.append("%s con bloque = %s y entorno = %s" % (cabeza, D.short(ll, 140), _entorno(ent)))
        if isinstance(ll.get("name"), str):  # un name cualquiera puede no ser hashable
            nombres.add(ll.get("name"))
    funciones = caso.globals.get("FUNCIONES")
    if funciones is not None:
        for nombre in NOMBRES + (OTRA,):
            if nombre not in nombres or (nombre == OTRA and OTRA in funciones.remove):
                continue
            if nombre in funciones.remove:
                lineas.append("FUNCIONES no tiene %r (aunque HERRAMIENTAS la declare)" % nombre)
            else:
                lineas.append("La herramienta %s: %s" % (nombre, _herramienta(funciones.value[nombre])))
    for nombre in ("incumple", "resultado"):
        ayudante = caso.globals.get(nombre)
        if ayudante is not None and ayudante.behaviours and ayudante.behaviours[0][0] == "lanza":
            lineas.append("%s %s: un error del harness" % (nombre, _conducta(ayudante.behaviours[0])))
        elif ayudante is not None and ayudante.behaviours:
            lineas.append("%s: %s" % (nombre, _herramienta(ayudante)))
        elif ayudante is not None and ayudante.rest[0] == "devuelve":
            lineas.append("%s, otra definida después de cargar tu función: devuelve siempre %s"
                          % (nombre, D.short(ayudante.rest[1], 80)))
        elif ayudante is not None and ayudante.rest[0] == "añade":
            lineas.append("%s, otra definida después de cargar tu función: %s"
                          % (nombre, _conducta(ayudante.rest)))
        elif ayudante is not None and ayudante.rest[0] == "si" and ayudante.rest[2] is FALTA:
            lineas.append("resultado lanza TypeError si el contenido no es un texto: un error "
                          "del harness")
        elif ayudante is not None and ayudante.rest[0] == "si":
            lineas.append("resultado lanza TypeError cuando recibe %r: un error del harness"
                          % ROMPE_RESULTADO)
    return "\n".join(lineas)


# --- las reglas del enunciado, para nombrar la que no se cumple ------------------------------

def _herramienta_llamada(d):
    hecho = d.in_contract
    a, b = hecho.get("eventos", (0, 0))
    return b > a


def _sale(d, tipos):
    lanza = d.in_contract.get("lanza")
    return lanza is not None and lanza[0] in tipos


def _herramienta_propia(d):
    """La herramienta del caso es un valor fijo (Herramienta), que no anota sus llamadas: si el
    caso no trae otra incumple, la llamada cumple su esquema y llega a ella."""
    funciones = d.case.globals.get("FUNCIONES")
    incumple = d.case.globals.get("incumple")
    return (isinstance(funciones, D.InPlace) and isinstance(funciones.value, dict)
            and any(isinstance(v, Herramienta) for v in funciones.value.values())
            and not (incumple is not None and incumple.behaviours))


def _otro_id(d):
    """Both returned an observation, and the learner's answers another call's id."""
    s, c = d.theirs, d.contract
    return (d.where == "devuelve" and s is not None and c is not None and s[0] == c[0] == "devuelve"
            and isinstance(s[1], dict) and isinstance(c[1], dict) and "tool_use_id" in c[1]
            and s[1].get("tool_use_id", D.FALTA) != c[1]["tool_use_id"])


def _devuelve_error(d):
    v = d.in_contract.get("devuelve")
    return isinstance(v, dict) and v.get("is_error") is True


def _harness_roto(d):
    incumple, resultado = d.case.globals.get("incumple"), d.case.globals.get("resultado")
    return bool(incumple and incumple.behaviours) or bool(resultado and resultado.rest[0] == "si")


def _falta_funcion(d):
    k = d.call
    funciones = d.case.globals["FUNCIONES"]
    ll = d.case.calls[k][0] if k < len(d.case.calls) else {}
    return ll.get("name") in funciones.remove


def _no_es_exception(d):
    """El contrato deja salir algo que no es una Exception (aunque su clase se llame de otro modo)."""
    error = d.reference.error
    return "lanza" in d.in_contract and isinstance(error, BaseException) \
        and not isinstance(error, Exception)


def _llamada_con_evento(ob, i):
    """La llamada a ejecutar (0, 1...) en la que ese lado hizo su evento i."""
    return next((k for k, hecho in enumerate(ob.calls)
                 if hecho["eventos"][0] <= i < hecho["eventos"][1]), None)


def _otros_argumentos(d):
    """En la misma llamada a ejecutar, la herramienta es la misma, y el entorno, pero
    recibe otros argumentos."""
    return (d.where == "evento" and d.theirs is not None and d.contract is not None
            and d.theirs[0] == d.contract[0] and d.theirs[3] == d.contract[3]
            and (d.theirs[1][1:], d.theirs[2]) != (d.contract[1][1:], d.contract[2])
            and _llamada_con_evento(d.learner, d.k) == _llamada_con_evento(d.reference, d.k))


def _entorno_distinto(d):
    if d.where == "evento" and d.theirs and d.contract and d.theirs[0] == d.contract[0]:
        return d.theirs[3] != d.contract[3] and d.theirs[1][1:] == d.contract[1][1:]
    return (d.where == "args" and d.extra == 1) or (d.where == "global" and d.extra == "ENTORNO")


def _input_copiado(d):
    """El bloque de quien llama queda como estaba y el del contrato no: lo cambió la
    herramienta, a través de su input, y a la de quien llama le llegó una copia."""
    if not (d.where == "args" and d.extra == 0 and d.k < len(d.case.calls)):
        return False
    antes = d.case.calls[d.k][0]
    return D.igual(d.theirs, antes) and not D.igual(d.contract, antes)


REGLAS = (
    D.Rule("nueva", "cada observación es un dict nuevo: lo que devolvió una llamada no cambia "
            "con la siguiente.",
            lambda d: d.where == "al_final"),
    D.Rule("no-exception", "lo que no es una Exception (KeyboardInterrupt, SystemExit...) sale "
            "de ejecutar tal cual, aunque lo lance la herramienta: el except atrapa Exception, no "
            "BaseException.",
            lambda d: _sale(d, ("KeyboardInterrupt", "SystemExit", "ParadaPropia", "GeneratorExit"))
            or _no_es_exception(d),
            hint=("Atrapa Exception, no BaseException ni con un except sin tipo: KeyboardInterrupt y "
                   "SystemExit no son errores de la llamada.")),
    D.Rule("solo-la-llamada", "dentro del try va solo la llamada a la función de la herramienta. "
            "Si FUNCIONES no tiene la función, es un error del harness, y el KeyError sale de "
            "ejecutar tal cual.",
            lambda d: _falta_funcion(d) and _sale(d, ("KeyError",)),
            hint=("Mira qué queda dentro de tu try: busca la función en FUNCIONES antes, fuera de él.")),
    D.Rule("harness", "lo que falla fuera de la llamada a la herramienta (incumple, buscar la "
            "función en FUNCIONES, fabricar la observación) es un error del harness y sale de "
            "ejecutar tal cual, sin convertirse en observación.",
            # Also str(e) failing while the content is made: that is making the observation.
            lambda d: "lanza" in d.in_contract and d.where in ("devuelve", "lanza")
            and (d.theirs or ("",))[0] == "devuelve",
            hint=("Mira qué queda dentro de tu try: si algo más que la llamada a la herramienta puede "
                   "fallar ahí, su error se disfraza de observación.")),
    D.Rule("mismo-input", "la herramienta recibe los objetos de bloque[\"input\"] mismos, no una "
            "copia: lo que ella cambie en ellos queda cambiado en el bloque.",
            _input_copiado,
            hint=("Pásale a la herramienta bloque[\"input\"] con **, sin copiarlo: si la herramienta "
                   "cambia una lista que recibe, ese cambio tiene que verse en el bloque.")),
    D.Rule("ll-intacta", "el bloque no se modifica, ni él ni su input: la observación es "
            "un dict nuevo.",
            lambda d: d.where == "args" and d.extra == 0,
            hint=("La observación es un dict que fabricas tú: no le añadas claves a bloque ni a su input.")),
    D.Rule("mismo-entorno", "la herramienta trabaja sobre el entorno que recibe ejecutar, ni "
            "sobre ENTORNO ni sobre una copia, y el entorno queda como lo deja la herramienta.",
            _entorno_distinto),
    D.Rule("argumentos", "la herramienta recibe el entorno y los argumentos de bloque[\"input\"] tal "
            "cual, FUNCIONES[bloque[\"name\"]](entorno, **bloque[\"input\"]): sin cambiar, quitar ni "
            "añadir ninguno.",
            _otros_argumentos,
            hint=("Pásale a la herramienta bloque[\"input\"] tal cual, con **: sin strip() ni otros "
                   "cambios en sus valores.")),
    D.Rule("funcion", "la función de la herramienta es FUNCIONES[bloque[\"name\"]], con el nombre "
            "tal cual: Leer y leer son dos herramientas distintas.",
            # Another tool whose name differs only in case or spaces: the name was normalised.
            lambda d: (d.where == "evento" and d.theirs is not None and d.contract is not None
                       and d.theirs[0] != d.contract[0]
                       and d.theirs[0].strip().lower() == d.contract[0].strip().lower()),
            hint=("Busca la herramienta con bloque[\"name\"] tal como viene, sin pasarlo a minúsculas "
                   "ni quitarle espacios.")),
    D.Rule("id", "la observación contesta a la llamada que ejecutar recibió: su tool_use_id es "
           "bloque[\"id\"] tal cual, también cuando una herramienta llama a su vez a ejecutar.",
           _otro_id,
           hint="¿Guardas el bloque, o su id, en algún sitio que otra llamada pueda cambiar antes de "
                "que acabes?"),
    D.Rule("esquema", "si incumple(bloque) da un motivo, ejecutar devuelve {\"type\": "
            "\"tool_result\", \"tool_use_id\": bloque[\"id\"], \"content\": motivo, \"is_error\": "
            "True}, con el motivo tal cual, y no ejecuta la herramienta.",
            # Also a tool the learner's ejecutar calls where the contract calls none: a call
            # that breaks its schema (a validation kept from an earlier call, say).
            lambda d: (_devuelve_error(d) and not _herramienta_llamada(d) and not _herramienta_propia(d))
            or (d.where == "evento" and d.contract is None and d.theirs is not None
                and d.theirs[0] in NOMBRES),
            hint=("Con un motivo de incumple ya no se lanza nada: se devuelve, y la herramienta no "
                   "llega a llamarse.")),
    D.Rule("lanza", "si la herramienta lanza una Exception, cualquiera, la observación lleva "
            "\"is_error\": True y en content \"%s: %s\" % (type(e).__name__, e), un str.",
            lambda d: _devuelve_error(d) and (_herramienta_llamada(d) or _herramienta_propia(d)),
            hint=("El tipo de la excepción lo da type(e).__name__ y su mensaje, str(e). ¿Tu except "
                   "atrapa cualquier Exception, o solo algunas?")),
    D.Rule("devuelve", "si la herramienta devuelve, la observación es resultado(bloque[\"id\"], lo "
            "que devolvió) tal cual, sin añadirle is_error ni quitarle nada, devuelva lo que devuelva.",
            lambda d: "devuelve" in d.in_contract),
)


def muestra_valor(v):
    return D.short(v, 160)


# --- los bordes: antes que los casos al azar, cada familia de valores una vez ---------------

def _un_caso(leer, *, incumple=None, resultado=None, quita=(), ll=None, otra=False, propia=None):
    """Una llamada que cumple su esquema, leer(ruta="lista.txt") sobre el entorno de la
    lección, con la herramienta leer haciendo `leer` (una lista de conductas). Con `otra`,
    el harness declara también la quinta herramienta, Leer."""
    funciones = {n: D.Fake(n, rest=D.delegates(n)) for n in NOMBRES if n not in quita}
    if leer is not None and "leer" not in quita:
        funciones["leer"] = D.Fake("leer", leer, rest=D.delegates("leer"))
    if propia is not None:
        funciones["leer"] = propia
    if otra:
        funciones[OTRA] = D.Fake(OTRA, rest=D.returns("en voz alta"))
    globales = {"FUNCIONES": D.InPlace(funciones, remove=quita + (() if otra else (OTRA,))),
                "HERRAMIENTAS": D.InPlace(D.FromCourse("HERRAMIENTAS",
                                                     more=(dict(ESQUEMA_OTRA),) if otra else ())),
                "incumple": incumple or D.Fake("incumple", rest=D.delegates("incumple"), record=False),
                "resultado": resultado or D.Fake("resultado", rest=D.delegates("resultado"),
                                                  record=False)}
    ll = ll or {"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": "lista.txt"}}
    return D.Case([(ll, dict(ENTORNO))], globales)


# ("leer",): the tool's own KeyError names the tool, as a failed lookup of it would.
MENSAJES_BORDE = ((), ("lista.txt",), ("leer",), ("",), ("a", "b"), (3,), ("x" * 300,), ("100% lleno",),
                  ("primera línea\nsegunda línea",), ("acaba en salto\n",),
                  (2, "No existe el fichero", "tortilla.txt"), ("KeyError en el servidor",))
TIPOS_BORDE = ("KeyError", "ValueError", "TypeError", "OSError", "FileNotFoundError",
               "ErrorDeLaHerramienta", "Fallo", "ErrorConMensaje", "ErrorIlegible", "ErrorConNota",
               "NotImplementedError", "AssertionError", "RutaNoEncontrada", "DatoNoValido", "Exception",
               "RecursionError", "MemoryError", "ErrorStrNoTexto", "ErrorFalso",
               "KeyboardInterrupt", "SystemExit", "GeneratorExit", "ParadaPropia")
VALORES_BORDE = ("", None, 0, False, [], {}, "  con espacios  ", "x" * 5000, "línea\nlínea",
                 "café".encode(), b"\xff", {"content": "pan", "is_error": True},
                 "Error: no hay nada", "KeyError: 'x'",
                 ["a", 1], {"a": None}, 2.5, ROMPE_RESULTADO)


def bordes():
    casos = [_un_caso([D.raises(t, *m)]) for t in TIPOS_BORDE for m in MENSAJES_BORDE]
    casos += [_un_caso([D.returns(v)]) for v in VALORES_BORDE]
    casos += [_un_caso([D.makes("ValueError", "no es un fallo")])]
    casos += [_un_caso([D.raises("ValueError", "la de fuera", cause=("KeyError", ("la de dentro",)))])]
    casos += [_un_caso([D.sets(0, "lista.txt", "cambiado", D.raises("ValueError", "a medias"))])]
    casos += [_un_caso(None, incumple=D.Fake("incumple", [D.raises("RuntimeError", "harness")],
                                             rest=D.delegates("incumple"), record=False)),
              _un_caso([D.returns(5)], resultado=D.Fake("resultado", rest=D.when_not_str(
                  1, D.raises("TypeError", "harness"), D.delegates("resultado")), record=False,
                  optional=True)),
              _un_caso(None, quita=("leer",))]
    # Leer y leer: el nombre se busca tal cual, mayúsculas incluidas.
    casos += [_un_caso(None, otra=True, ll={"type": "tool_use", "id": "t1", "name": nombre,
                                           "input": {"ruta": "lista.txt"}}) for nombre in (OTRA, "leer")]
    # Detrás de los de siempre, para no mover sus números: las familias de valores,
    # excepciones, herramientas, incumple y quien llama que el enunciado también abre.
    casos += [_un_caso([D.raises("ValueError", ["a"])]), _un_caso([D.returns("a\r\nb")])]
    casos += [_un_caso(None, propia=h) for h in PROPIAS]
    for atendida in (("KeyError", ("de fuera",)),):
        for leer in ([D.returns("hecho")], [D.raises("ValueError", "falla")]):
            desde_except = _un_caso(leer)
            casos.append(D.Case(desde_except.calls, desde_except.globals, handling=atendida))
    casos += [_un_caso(None, incumple=D.Fake("incumple", [D.raises(t, "harness")],
                                             rest=D.delegates("incumple"), record=False))
              for t in ("StopIteration", "KeyError")]
    casos += [_un_caso(None, incumple=D.Fake("incumple", [D.returns(a), D.returns(b)],
                                             rest=D.delegates("incumple"), record=False))
              for a, b in (("aviso 1", "aviso 2"), (None, "aviso"), ("aviso", None), ("", None))]
    # A tool whose exception's repr() raises: content is "%s: %s" % (type(e).__name__, e).
    casos += [_un_caso([D.raises("ErrorReprRoto", "m")])]
    # «Llama a la función con los argumentos de input»: los mismos objetos. Con un incumple
    # que no pone pegas, una herramienta que añade algo a la lista o al dict que recibe lo
    # añade al input del bloque; a una copia, no.
    deja_pasar = D.Fake("incumple", rest=D.returns(None), record=False)
    for dentro in (["lista.txt"], {"nombre": "lista.txt"}):
        casos += [_un_caso([D.sets("ruta", "otra", "otra.txt", D.returns("hecho"))], incumple=deja_pasar,
                           ll={"type": "tool_use", "id": "t1", "name": "leer", "input": {"ruta": dentro}})]
    # De la ronda diez, una vez medida: StopIteration es una Exception como otra (no una
    # orden de parar), y una ruta que sube de carpeta o es absoluta la decide la herramienta.
    casos += [_un_caso([D.raises(t, *m)]) for t in (StopIteration, StopAsyncIteration) for m in ((), ("x",))]
    casos += [_un_caso(None, ll={"type": "tool_use", "id": "t1", "name": "escribir",
                                 "input": {"ruta": ruta, "contenido": "x"}})
              for ruta in ("../fuera.txt", "/etc/lista.txt")]
    # «Sea lo que sea valor»: también un generador, que llega a resultado() sin recorrerlo.
    casos += [_un_caso([D.yields(["pan", "leche"])])]
    # Y una corrutina, la respuesta de una herramienta escrita con async def: tampoco se espera.
    casos += [_un_caso([D.awaits("hecho")])]
    # Una herramienta que imprime mientras trabaja: lo impreso no es parte de la observación.
    casos += [_un_caso([D.prints("leyendo lista.txt", D.returns("pan, leche"))])]
    # De la ronda once, una vez medida: quien llama puede pasar como entorno el ENTORNO del
    # curso mismo; la herramienta escribe en él, sin que ejecutar lo copie.
    mismo = D.Shared("entorno", D.FromCourse("ENTORNO"))
    caso = _un_caso(None, ll={"type": "tool_use", "id": "t1", "name": "escribir",
                              "input": {"ruta": "nueva.txt", "contenido": "x"}})
    casos += [D.Case([(caso.calls[0][0], mismo)], {**caso.globals, "ENTORNO": mismo})]
    # «La observación es resultado(…)» tal cual: si el de quien llama escribe también
    # is_error: False, sale con él.
    casos += [_un_caso(None, resultado=D.Fake("resultado", rest=D.adds({"is_error": False}, D.delegates(
        "resultado")), record=False, optional=True))]
    # De la ronda doce, una vez medida: «la que sea» es cada clase de excepción de Python,
    # no las que más salen (unos cientos de casos al azar dejan fuera algunas de sesenta,
    # como TimeoutError o ConnectionError, que tientan a dejarlas salir)…
    casos += [_un_caso([D.raises(c, "el servicio no contesta")]) for c in G.exception_classes()
              if issubclass(c, Exception) and c.__name__ not in TIPOS_BORDE]
    # … «sea lo que sea valor», también uno que parece ya un error o una observación de otra
    # API, que tienta a tratarlo aparte…
    casos += [_un_caso([D.returns(v)]) for v in PARECEN_OTRA_COSA]
    # … y la observación es lo que resultado() devuelva, sea lo que sea: quien llama puede
    # tener uno que fabrica otra cosa que un dict, o un dict con otro id.
    casos += [_un_caso(None, resultado=D.Fake("resultado", rest=D.returns(otro), record=False, optional=True))
              for otro in (("t1", "pan, leche, patatas"), {"type": "tool_result", "tool_use_id": "otro", "content": ""},
                           None)]
    # De la ronda doce, después de medir: una herramienta que trabaja a través de ejecutar
    # (una que lanza otras herramientas) la llama ella misma antes de acabar; la observación
    # de fuera es de su llamada, no de la última que empezó.
    dentro = {"type": "tool_use", "id": "t2", "name": "listar", "input": {"carpeta": "recetas/"}}
    casos += [_un_caso([D.reenters([dentro, dict(ENTORNO)], luego)])
              for luego in (D.raises("ValueError", "falló después"), D.returns("hecho"))]
    # De la ronda trece, después de medir: una herramienta que imprime y no devuelve nada.
    # Su observación lleva None: lo impreso no la sustituye, ni siquiera entonces.
    casos += [_un_caso([D.prints("listando recetas/", D.returns(None))])]
    return casos


PARECEN_OTRA_COSA = ({"error": "no encontrado"}, {"type": "tool_result", "tool_use_id": "t1", "content": "pan"},
                     {"ok": False, "error": "sin permiso"}, {"status": "error", "message": "caído"},
                     {"is_error": True}, {"content": [], "is_error": False}, "ERROR", "Traceback (most recent call last):",
                     True, [{"type": "text", "text": "pan"}])


CONTRATO = D.Differential(
    reference="ejecutar", arguments=("bloque", "entorno"), case=caso, describe=describe,
    rules=REGLAS, course_globals=("ENTORNO", "HERRAMIENTAS"), random_cases=200, edges=bordes(),
    show_value=muestra_valor)


# --- la conversación de la lección (la misma que la celda 1) -------------------------------

def _leccion():
    texto = lambda s: {"type": "text", "text": s}  # noqa: E731
    llamada_ = lambda id, nombre, **a: {"type": "tool_use", "id": id, "name": nombre, "input": a}  # noqa: E731
    respuestas = [
        [texto("Leo la receta."), llamada_("t1", "leer", fichero="tortilla")],
        [llamada_("t2", "leer", ruta="tortilla.txt")],
        [texto("No hay ningún tortilla.txt. Miro qué recetas hay."),
         llamada_("t3", "listar", carpeta="recetas/")],
        [llamada_("t4", "leer", ruta="recetas/tortilla.txt")],
    ]
    llamadas = [b for r in respuestas for b in r if b["type"] == "tool_use"]
    entorno_ = D.Shared("entorno", dict(ENTORNO))
    reales = D.InPlace({n: D.Fake(n, rest=D.delegates(n)) for n in NOMBRES})
    return D.Case([(ll, entorno_) for ll in llamadas], {"FUNCIONES": reales})


@check("conversacion", "La conversación de la lección, turno a turno")
def la_conversacion(p):
    return CONTRATO.verify(p, cases=[_leccion()], passed_message=(
        "Las cuatro llamadas de la conversación vuelven como pide el contrato: t1 y t2 como "
        "observaciones de error, t3 y t4 como las de siempre."))


@check("generadas", "Cientos de casos generados, de menor a mayor")
def las_generadas(p):
    return CONTRATO.verify(p, passed_message=(
        "Tu ejecutar hace lo mismo que el contrato en los %d casos generados: llamadas que "
        "cumplen su esquema y que no, y herramientas que devuelven cualquier valor, lanzan "
        "cualquier excepción o cambian el entorno antes de lanzar."))
