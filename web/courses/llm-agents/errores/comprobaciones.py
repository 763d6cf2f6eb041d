# Las comprobaciones del desafío de «Los errores como observaciones».
#
# El alumno escribe ejecutar(ll, entorno). Cada comprobación la llama con
# llamadas y entornos recién copiados y compara lo que devuelve, y cómo deja
# el entorno y la llamada, con la ejecutar del curso (errores.py), que corre
# sobre sus propias copias. Primero las llamadas de la lección, después
# cientos de llamadas generadas.

import copy
import types

from lessonrt.grading import comprobacion

FIRMA = "ejecutar(ll, entorno)"
# errores.py va detrás de bucle.py: su ejecutar sustituye a la de la lección
# anterior, y es la que hace de contrato.
FICHEROS = ("guionizado.py", "entorno.py", "bucle.py", "errores.py")


# --- la conversación de la lección (la misma que la celda 1) ------------------

def conversacion(cur):
    """INICIO y las cinco respuestas del guion de la lección."""
    texto, llamada = cur["texto"], cur["llamada"]
    inicio = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
              ("usuario", "¿Qué ingredientes lleva la tortilla?")]
    respuestas = [
        [texto("Leo la receta."), llamada("t1", "leer", fichero="tortilla")],
        [llamada("t2", "leer", ruta="tortilla.txt")],
        [texto("No hay ningún tortilla.txt. Miro qué recetas hay."),
         llamada("t3", "listar", carpeta="recetas/")],
        [llamada("t4", "leer", ruta="recetas/tortilla.txt")],
        [texto("La tortilla lleva patatas, huevos y cebolla.")],
    ]
    return inicio, respuestas


# --- cómo se enseña una llamada y un bloque ----------------------------------

def _corto(valor, ancho=90):
    s = valor if isinstance(valor, str) else repr(valor)
    s = s.replace("\n", "\\n")
    return s if len(s) <= ancho else s[:ancho - 1] + "…"


def _llamada(ll):
    """leer(ruta='lista.txt'), también con argumentos que no son un objeto."""
    argumentos = ll.get("input")
    if isinstance(argumentos, dict):
        dentro = ", ".join("%s=%r" % par for par in argumentos.items())
    else:
        dentro = "input=%r" % (argumentos,)
    return "%s %s(%s)" % (ll.get("id"), ll.get("name"), _corto(dentro, 70))


def _entorno(cur, entorno):
    if isinstance(entorno, types.MappingProxyType):
        return "un entorno de sólo lectura"
    if dict(entorno) == cur["ENTORNO"]:
        return "el entorno de la lección"
    if not entorno:
        return "un entorno vacío"
    sin_texto = sorted(r for r, c in dict(entorno).items() if not isinstance(c, str))
    if sin_texto:
        return "un entorno con un fichero sin texto (%s)" % ", ".join(sin_texto)
    return "el entorno %s" % _corto(dict(entorno), 120)


def _plano(x):
    """Una copia sin tipos congelados, para comparar y para enseñar."""
    if isinstance(x, (dict, types.MappingProxyType)) or hasattr(x, "items"):
        try:
            return {k: _plano(v) for k, v in x.items()}
        except Exception:
            return x
    if isinstance(x, (list, tuple)):
        return [_plano(v) for v in x]
    return x


# --- una llamada: la del alumno frente a la del contrato -----------------------

def _pide(caso):
    if caso == "esquema":
        return ("una llamada que incumple su esquema vuelve como observación: "
                "{\"type\": \"tool_result\", \"tool_use_id\": el id de la llamada, "
                "\"content\": el motivo que da incumple(ll), \"is_error\": True}, "
                "sin ejecutar la herramienta")
    if caso == "lanza":
        return ("lo que lanza la herramienta vuelve como observación con is_error: True, "
                "y en content el tipo de la excepción y su mensaje, como la última línea "
                "de un traceback (por ejemplo «KeyError: 'tortilla.txt'»)")
    return ("una llamada que sale bien devuelve lo mismo que en la lección anterior, "
            "resultado(ll[\"id\"], lo que devuelve la herramienta), sin is_error")


def _diferencia(hizo, esperado, caso):
    """La primera cosa en que difiere lo devuelto de lo que pide el contrato."""
    if not isinstance(hizo, dict):
        return ("devolvió %s, de tipo %s; una observación es un bloque, un dict como el "
                "que fabrica resultado" % (_corto(hizo), type(hizo).__name__))
    if hizo.get("type") != "tool_result":
        return "devolvió un bloque con \"type\": %r; una observación es \"tool_result\"" % (
            hizo.get("type"),)
    if "tool_use_id" not in hizo:
        return ("devolvió un bloque sin \"tool_use_id\": sin él, el modelo no sabe a qué "
                "llamada contesta. Lleva el id de la llamada, %r" % esperado["tool_use_id"])
    if hizo["tool_use_id"] != esperado["tool_use_id"]:
        return "devolvió \"tool_use_id\": %r; debe ser el id de la llamada, %r" % (
            hizo["tool_use_id"], esperado["tool_use_id"])
    if esperado.get("is_error") and hizo.get("is_error") is not True:
        if "is_error" not in hizo:
            return ("devolvió una observación sin is_error, con content «%s»: el modelo la "
                    "leería como lo que devolvió la herramienta, no como un fallo"
                    % _corto(hizo.get("content"), 70))
        return "devolvió \"is_error\": %r; un fallo lleva \"is_error\": True" % (hizo["is_error"],)
    if not esperado.get("is_error") and "is_error" in hizo:
        return ("añadió \"is_error\": %r a una llamada que salió bien; esa observación es la "
                "de siempre, resultado(id, contenido), sin is_error" % (hizo["is_error"],))
    if esperado.get("is_error") and not isinstance(hizo.get("content"), str):
        return ("devolvió content de tipo %s (%s); el content de un fallo es un texto, un str, "
                "que el modelo lee" % (type(hizo.get("content")).__name__,
                                       _corto(hizo.get("content"), 60)))
    if hizo.get("content") != esperado.get("content"):
        return "devolvió content «%s», y el contrato pide «%s»" % (
            _corto(hizo.get("content"), 100), _corto(esperado.get("content"), 100))
    sobran = sorted(set(hizo) - set(esperado))
    if sobran:
        return "devolvió un bloque con claves de más: %s" % ", ".join(map(repr, sobran))
    return None


def _una(p, ll, ent_alumno, ent_contrato, mira_llamada=False):
    """Corre una llamada en las dos ejecutar, cada una sobre su entorno (que
    cambian). Devuelve None si coinciden, o (mensaje, hizo, esperado)."""
    cur = p.cur
    esperado = cur["ejecutar"](copy.deepcopy(ll), ent_contrato)
    if cur["incumple"](copy.deepcopy(ll)) is not None:
        caso = "esquema"
    else:
        caso = "lanza" if esperado.get("is_error") else "bien"
    donde = "Con la llamada %s y %s" % (_llamada(ll), _entorno(cur, ent_alumno))
    dada = p.congela(ll)
    r = p.corre(dada, ent_alumno)
    esperado_ver = [("observación", _corto(esperado, 200))]
    comun = p.comun(r)
    if r.fallo is not None or comun is not None:
        if r.fallo is not None:
            mensaje = ("%s, tu ejecutar lanzó %s: %s. En esta lección ejecutar no lanza: %s."
                       % (donde, r.fallo["tipo"], _corto(r.fallo["mensaje"], 100), _pide(caso)))
            if comun:
                mensaje += "\n" + comun
            hizo_ver = [("excepción", "%s: %s" % (r.fallo["tipo"], _corto(r.fallo["mensaje"], 150)))]
        else:
            mensaje, hizo_ver = "%s: %s" % (donde, comun), [("ejecución", comun)]
        return mensaje, hizo_ver, esperado_ver
    hizo = _plano(r.valor)
    diferencia = _diferencia(hizo, esperado, caso)
    if diferencia:
        return ("%s, tu ejecutar %s. El contrato: %s." % (donde, diferencia, _pide(caso)),
                [("observación", _corto(hizo, 200))], esperado_ver)
    if dict(ent_alumno) != dict(ent_contrato):
        if caso == "esquema":
            por_que = ("una llamada que incumple su esquema no llega a ejecutarse, así que "
                       "el entorno no cambia")
        elif caso == "lanza":
            por_que = "el entorno queda como lo dejó la herramienta al lanzar"
        else:
            por_que = ("la herramienta trabaja sobre el entorno que recibe ejecutar, no sobre "
                       "una copia ni sobre ENTORNO")
        return ("%s, tu ejecutar devolvió la observación correcta, pero %s: %s."
                % (donde, _cambios(dict(ent_alumno), dict(ent_contrato)), por_que),
                [("entorno", _corto(dict(ent_alumno), 200))],
                [("entorno", _corto(dict(ent_contrato), 200))])
    if mira_llamada and _plano(dada) != ll:
        return (_modificada(ll, _plano(dada)), [("llamada después", _corto(_plano(dada), 200))],
                [("llamada después", _corto(ll, 200))])
    return None


def _cambios(suyo, contrato):
    """En qué ficheros difieren dos entornos, en palabras."""
    partes = []
    for ruta in sorted(set(suyo) | set(contrato), key=str):
        if ruta not in contrato:
            partes.append("«%s» quedó con %s, y el contrato no lo crea" % (ruta, _corto(repr(suyo[ruta]), 40)))
        elif ruta not in suyo:
            partes.append("«%s» no existe, y el contrato lo deja con %s" % (ruta, _corto(repr(contrato[ruta]), 40)))
        elif suyo[ruta] != contrato[ruta]:
            partes.append("«%s» quedó con %r, y el contrato lo deja con %r"
                          % (ruta, suyo[ruta], contrato[ruta]))
    return "en el entorno " + "; ".join(partes[:3])


def _modificada(ll, despues):
    return ("Tu ejecutar modificó la llamada %s que recibió: era %s y quedó %s. La llamada es "
            "un bloque de la respuesta del modelo, que ya está en M; si cambia, el modelo lee "
            "en el turno siguiente algo que no pidió. Fabrica la observación como un dict nuevo."
            % (ll.get("id"), _corto(ll, 100), _corto(despues, 100)))


def _serie(p, casos, mira_llamada=False):
    """Cada caso, (llamada, entorno), con entornos recién copiados. Para en la
    primera diferencia."""
    for ll, hacer_entorno in casos:
        diferencia = _una(p, ll, hacer_entorno(), hacer_entorno(), mira_llamada)
        if diferencia:
            mensaje, hizo, esperado = diferencia
            p.muestra(hizo=hizo, esperado=esperado)
            return False, mensaje
    return None


def _normal(p):
    base = dict(p.cur["ENTORNO"])
    return lambda: dict(base)


def _solo_lectura(p):
    base = dict(p.cur["ENTORNO"])
    return lambda: types.MappingProxyType(dict(base))


# --- las comprobaciones ------------------------------------------------------------

@comprobacion("conversacion", "La conversación de la lección, turno a turno")
def la_conversacion(p):
    cur = p.cur
    inicio, respuestas = conversacion(cur)
    ent_alumno, ent_contrato = dict(cur["ENTORNO"]), dict(cur["ENTORNO"])
    for k, r in enumerate(respuestas, 1):
        for ll in (b for b in r if b["type"] == "tool_use"):
            diferencia = _una(p, ll, ent_alumno, ent_contrato)
            if diferencia:
                mensaje, hizo, esperado = diferencia
                p.muestra(hizo=[("turno", str(k))] + hizo, esperado=[("turno", str(k))] + esperado)
                return False, ("En el turno %d de la conversación de la lección. %s"
                               % (k, mensaje))
    return True, ("Las cuatro llamadas de la conversación vuelven como pide el contrato: t1 y "
                  "t2 como observaciones de error, t3 y t4 como las de siempre.")


@comprobacion("esquema", "Una llamada que incumple su esquema")
def el_esquema(p):
    llamada, normal = p.cur["llamada"], _normal(p)
    casos = [
        (llamada("t1", "leer", fichero="tortilla"), normal),
        (llamada("e1", "escribir", ruta="lista.txt", contenido=5), normal),
        (llamada("e2", "borrar", ruta="lista.txt"), normal),
        ({"type": "tool_use", "id": "e3", "name": "listar", "input": "recetas/"}, normal),
    ]
    return _serie(p, casos) or (True, (
        "Un argumento que falta, uno de otro tipo, una herramienta que no existe y unos "
        "argumentos que no son un objeto vuelven al modelo con su motivo y is_error, y la "
        "herramienta no se ejecuta."))


@comprobacion("herramienta-lanza", "Una herramienta que lanza una excepción")
def la_herramienta_lanza(p):
    llamada = p.cur["llamada"]
    casos = [
        (llamada("t2", "leer", ruta="tortilla.txt"), _normal(p)),
        (llamada("e4", "escribir", ruta="lista.txt", contenido="pan"), _solo_lectura(p)),
    ]
    return _serie(p, casos) or (True, (
        "El KeyError de leer con una ruta que no existe y el TypeError de escribir en un "
        "entorno de sólo lectura vuelven como observaciones con is_error, con el tipo y el "
        "mensaje de la excepción."))


@comprobacion("sin-error", "Una llamada que sale bien, como antes")
def sin_error(p):
    llamada, normal = p.cur["llamada"], _normal(p)
    casos = [
        (llamada("t3", "listar", carpeta="recetas/"), normal),
        (llamada("t4", "leer", ruta="recetas/tortilla.txt"), normal),
        (llamada("b1", "buscar", texto="paella"), normal),
        (llamada("b2", "escribir", ruta="nueva.txt", contenido="hola"), normal),
    ]
    return _serie(p, casos) or (True, (
        "Las llamadas que salen bien devuelven resultado(id, contenido), sin is_error (también "
        "una búsqueda que no encuentra nada), y escribir cambia el entorno que recibe ejecutar."))


@comprobacion("llamada-intacta", "La llamada sale como entró")
def la_llamada_intacta(p):
    llamada, normal = p.cur["llamada"], _normal(p)
    casos = [(llamada("t1", "leer", fichero="tortilla"), normal),
             (llamada("t2", "leer", ruta="tortilla.txt"), normal),
             (llamada("t4", "leer", ruta="recetas/tortilla.txt"), normal)]
    return _serie(p, casos, mira_llamada=True) or (
        True, "ejecutar no modifica la llamada, ni cuando falla ni cuando sale bien.")


# --- las llamadas generadas ----------------------------------------------------------

_VALORES_MALOS = (7, True, None, ["lista.txt"])


def generadas_para(cur):
    """(llamada, entorno) para explorar el contrato, de la más sencilla a la
    más rebuscada: cada herramienta con argumentos válidos e inválidos, rutas
    que no existen, herramientas que no existen y entornos que hacen lanzar."""
    base = dict(cur["ENTORNO"])
    vacio = {}
    roto = dict(base, **{"fotos/playa.jpg": None})  # un fichero sin texto: buscar lanza
    entornos = [("normal", base), ("vacío", vacio), ("con un fichero sin texto", roto)]
    validos = {
        "listar": [{"carpeta": c} for c in ("recetas/", "recetas", "", "fotos/", "nada/")],
        "leer": [{"ruta": r} for r in ("lista.txt", "recetas/gazpacho.txt", "tortilla.txt",
                                        "recetas/", "", "LISTA.TXT")],
        "escribir": [{"ruta": "lista.txt", "contenido": "pan"}, {"ruta": "nueva.txt", "contenido": ""}],
        "buscar": [{"texto": t} for t in ("patatas", "PAN", "paella", "")],
    }
    casos, n = [], 0

    def caso(nombre, argumentos, entorno):
        nonlocal n
        n += 1
        ll = {"type": "tool_use", "id": "g%d" % n, "name": nombre, "input": argumentos}
        casos.append((ll, entorno))

    for _, entorno in entornos:
        for nombre, lista in validos.items():
            for argumentos in lista:
                caso(nombre, dict(argumentos), entorno)
    for nombre, lista in validos.items():
        argumentos = lista[0]
        for clave in argumentos:  # falta un argumento
            caso(nombre, {k: v for k, v in argumentos.items() if k != clave}, base)
        caso(nombre, dict(argumentos, extra="x"), base)  # sobra uno
        for clave in argumentos:  # uno de otro tipo
            for malo in _VALORES_MALOS:
                caso(nombre, dict(argumentos, **{clave: malo}), base)
        for malo in ("lista.txt", None, [], 3):  # los argumentos no son un objeto
            caso(nombre, malo, base)
    for nombre in ("borrar", "Leer", "", None):
        caso(nombre, {"ruta": "lista.txt"}, base)
    for nombre, lista in validos.items():  # en un entorno de sólo lectura
        for argumentos in lista[:2]:
            caso(nombre, dict(argumentos), types.MappingProxyType(dict(base)))
    return casos


@comprobacion("generadas", "Un centenar de llamadas generadas")
def las_generadas(p):
    casos = generadas_para(p.cur)
    for i, (ll, entorno) in enumerate(casos, 1):
        if isinstance(entorno, types.MappingProxyType):
            contenido = dict(entorno)
            hacer = (lambda c=contenido: types.MappingProxyType(dict(c)))
        else:
            hacer = (lambda c=dict(entorno): dict(c))
        diferencia = _una(p, ll, hacer(), hacer(), mira_llamada=True)
        if diferencia:
            mensaje, hizo, esperado = diferencia
            p.muestra(hizo=hizo, esperado=esperado)
            return False, ("De %d llamadas generadas, la %d es la primera en que tu ejecutar "
                           "se separa del contrato. %s" % (len(casos), i, mensaje))
    return True, ("Las %d llamadas generadas (cada herramienta con argumentos válidos e "
                  "inválidos, rutas que no existen, herramientas que no existen, entornos "
                  "vacíos, de sólo lectura y con un fichero sin texto) vuelven como pide el "
                  "contrato." % len(casos))
