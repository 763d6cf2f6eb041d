# El desafío de «El bucle», como contrato para el motor.
#
# El alumno escribe bucle(modelo, inicio, entorno, tope). El motor la compara
# con la bucle del curso (bucle.py): primero en la conversación de la lección,
# después en cientos de conversaciones generadas de todo lo que el enunciado
# permite: modelos que terminan, que no terminan nunca o que lanzan; respuestas
# vacías o con textos y llamadas en cualquier orden; una ejecutar que hace lo
# de la lección, que devuelve otra cosa, que lanza o que cambia el entorno; y
# topes de 0 en adelante. A veces llama a bucle varias veces seguidas.

import types

from lessonrt.grading import comprobacion
from lessonrt.grading import diferencial as D
from lessonrt.grading import generadores as G

FIRMA = "bucle(modelo, inicio, entorno, tope)"
FICHEROS = ("guionizado.py", "entorno.py", "bucle.py")
ETIQUETAS = ("Lo que hizo tu bucle", "Lo que pide el contrato")

ENTORNO = types.MappingProxyType({
    "lista.txt": "pan, leche, patatas",
    "notas.txt": "El domingo comemos en casa: gazpacho y tortilla para seis.",
    "recetas/gazpacho.txt": "Gazpacho. Ingredientes: tomates, pepino, pimiento, ajo, pan.",
    "recetas/tortilla.txt": "Tortilla de patatas. Ingredientes: patatas, huevos, cebolla.",
})
INICIO = (("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "Añade a lista.txt lo que falta para las recetas."))


# --- el dominio ------------------------------------------------------------------------

TEXTO = G.uno_de(G.de("Hecho.", "", " ", " Miro la lista. ", "a", "b"), G.palabras())
RUTA = G.de("lista.txt", "recetas/tortilla.txt", "tortilla.txt", "nueva.txt", "")


def _texto(s):
    return {"type": "text", "text": s}


@G.compuesto
def peticion(f):
    """Un bloque tool_use: cumple su esquema o no (ejecutar lanza ValueError), pide
    una ruta que no existe (KeyError) o escribe (cambia el entorno)."""
    id = f.saca(G.de("t1", "t2", "t3", "t1"))
    forma = f.elige(4)
    if forma == 0:
        nombre, entrada = "leer", {"ruta": f.saca(RUTA)}
    elif forma == 1:
        nombre, entrada = "listar", {"carpeta": f.saca(G.de("recetas/", ""))}
    elif forma == 2:
        nombre, entrada = "escribir", {"ruta": f.saca(RUTA), "contenido": f.saca(TEXTO)}
    elif forma == 3:
        nombre, entrada = "buscar", {"texto": f.saca(TEXTO)}
    else:
        nombre, entrada = f.saca(G.de(("leer", {"fichero": "x"}), ("borrar", {"ruta": "a"}),
                                      ("escribir", {"ruta": "a", "contenido": 5}),
                                      ("leer", "lista.txt"), ("listar", None), ("buscar", 3),
                                      ("leer", ["ruta", "lista.txt"])))
    return {"type": "tool_use", "id": id, "name": nombre, "input": entrada}


# Un bloque de otro tipo (el razonamiento de un modelo, por ejemplo): se guarda con la
# respuesta y no es ni un texto ni una llamada.
OTRO = G.uno_de(
    G.palabras().mapea(lambda s: {"type": "thinking", "thinking": s}),
    # Una herramienta que ejecuta el servidor del modelo: trae id, name e input, y no es
    # un tool_use, así que el bucle no la ejecuta.
    G.palabras().mapea(lambda s: {"type": "server_tool_use", "id": "s1", "name": "web_search",
                                  "input": {"query": s}}))
BLOQUE = G.uno_de(TEXTO.mapea(_texto), G.reordena(peticion), OTRO)
FINAL = G.listas(G.uno_de(TEXTO.mapea(_texto), OTRO), 0, 3, media=1)  # una que no pide nada
PIDE = G.compuesto(lambda f: _con_llamada(f.saca(G.listas(BLOQUE, 0, 4, media=2)), f.saca(peticion),
                                          f.elige(4)))
RESPUESTA = G.uno_de(FINAL, PIDE)


def _con_llamada(bloques, ll, donde):
    """Una respuesta con al menos una llamada, en cualquier sitio entre sus bloques."""
    donde = min(donde, len(bloques))
    return bloques[:donde] + [ll] + bloques[donde:]


EXCEPCION = G.tuplas(G.de("ValueError", "KeyError", "RuntimeError", "ErrorDeLaHerramienta",
                          "KeyboardInterrupt", "SystemExit"),
                     G.uno_de(G.tuplas(G.palabras()), G.fijo(())))


@G.compuesto
def modelo(f):
    """Sus primeras respuestas y lo que responde después: terminar o seguir pidiendo.
    A veces lanza una excepción en un turno."""
    conductas = [D.devuelve(r) for r in f.saca(G.listas(RESPUESTA, 0, 5, media=2))]
    if f.elige(6) == 6:
        nombre, args = f.saca(EXCEPCION)
        conductas.insert(f.elige(len(conductas)), D.lanza(nombre, *args))
    resto = D.devuelve(f.saca(RESPUESTA))
    return D.Imita("modelo", conductas, resto)


@G.compuesto
def conducta_de_ejecutar(f):
    forma = f.elige(5)
    if forma <= 1:
        return D.delega("ejecutar")
    if forma == 2:
        return D.devuelve({"type": "tool_result", "tool_use_id": f.saca(G.de("t1", "t2", "o")),
                           "content": f.saca(TEXTO)})
    if forma == 3:
        nombre, args = f.saca(EXCEPCION)
        return D.lanza(nombre, *args)
    if forma == 4:
        return D.cambia(1, f.saca(RUTA), f.saca(TEXTO), D.delega("ejecutar"))
    return D.devuelve(f.saca(G.json(1)))


EJECUTAR = G.uno_de(
    G.fijo(D.Imita("ejecutar", resto=D.delega("ejecutar"))),
    G.listas(conducta_de_ejecutar, 1, 6, media=3).mapea(
        lambda cs: D.Imita("ejecutar", cs, resto=D.delega("ejecutar"))))

MENSAJE = G.uno_de(
    G.tuplas(G.de("usuario", "sistema", "asistente"), TEXTO),
    G.tuplas(G.fijo("asistente"), G.listas(BLOQUE, 0, 2, media=1)))

INICIO_G = G.uno_de(G.fijo(list(INICIO)), G.listas(MENSAJE, 0, 4, media=2))

ENTORNO_G = G.uno_de(G.fijo(dict(ENTORNO)), G.diccionarios(RUTA, TEXTO, maximo=3, media=1))


@G.compuesto
def llamada_a_bucle(f):
    m = f.saca(modelo)
    tope = f.saca(G.enteros(0, 8))
    if f.elige(9) == 9 and not any(b.get("type") == "tool_use" for b in m.resto[1]):
        # A tope far above the turns a model that ends takes: code that compares ints
        # with `is` (small ints are shared, large ones are not) is caught.
        tope = f.saca(G.de(300, 1000))
    return (m, f.saca(INICIO_G), f.saca(ENTORNO_G), tope)


@G.compuesto
def caso(f):
    llamadas = f.saca(G.listas(llamada_a_bucle, 1, 3, media=0.4))
    return D.Caso(llamadas, {"ejecutar": f.saca(EJECUTAR)})


# --- cómo se enseña un caso --------------------------------------------------------------

def bloque(b):
    if isinstance(b, dict) and b.get("type") == "text":
        return "texto %r" % (b.get("text"),)
    if isinstance(b, dict) and b.get("type") == "tool_use":
        argumentos = b.get("input")
        dentro = (", ".join("%s=%r" % par for par in argumentos.items())
                  if isinstance(argumentos, dict) else repr(argumentos))
        return "%s→%s(%s)" % (b.get("id"), b.get("name"), D.corto(dentro, 50))
    if isinstance(b, dict) and b.get("type") == "tool_result":
        return "%s←%s%s" % (b.get("tool_use_id"), D.corto(b.get("content"), 40),
                            " (is_error)" if b.get("is_error") else "")
    return D.corto(b, 60)


def respuesta(r):
    return "[%s]" % "; ".join(bloque(b) for b in r) if isinstance(r, list) else D.corto(r, 80)


def _conducta(c):
    if c[0] == "devuelve":
        return "responde %s" % respuesta(c[1])
    if c[0] == "lanza":
        return "lanza %s(%s)" % (c[1], ", ".join(repr(a) for a in c[2]))
    if c[0] == "cambia":
        return "escribe %r en el entorno y hace lo de la lección" % (c[2],)
    return "hace lo de la lección"


def _modelo(m):
    vez = ["%d) %s" % (i, _conducta(c)) for i, c in enumerate(m.conductas, 1)]
    vez.append("después, siempre %s" % _conducta(m.resto))
    return "; ".join(vez)


def _inicio(inicio):
    return "la de la lección" if inicio == list(INICIO) else D.corto(inicio, 100)


def describe(caso):
    lineas = []
    for i, (modelo_, inicio, entorno, tope) in enumerate(caso.llamadas, 1):
        cabeza = "bucle" if len(caso.llamadas) == 1 else "Llamada %d a bucle" % i
        lineas.append("%s con tope = %d, inicio = %s, entorno = %s" % (
            cabeza, tope, _inicio(inicio),
            "el de la lección" if entorno == ENTORNO else D.corto(entorno, 80)))
        lineas.append("  el modelo: %s" % _modelo(modelo_))
    ejecutar = caso.globales["ejecutar"]
    if ejecutar.conductas:
        lineas.append("ejecutar: %s" % "; ".join(
            "%d) %s" % (i, _conducta(c)) for i, c in enumerate(ejecutar.conductas, 1))
            + "; después, lo de la lección")
    return "\n".join(lineas)


def muestra_valor(v):
    if isinstance(v, list) and v and all(isinstance(h, dict) and "input_schema" in h for h in v):
        return "[las herramientas %s]" % ", ".join(str(h.get("name")) for h in v)
    if isinstance(v, list) and all(isinstance(m, tuple) and len(m) == 2 for m in v):
        partes = ["(%r, %s)" % (m[0], respuesta(m[1]) if isinstance(m[1], list) else D.corto(m[1], 40))
                  for m in v]
        if len(partes) > 10:
            # Una conversación de cientos de turnos no cabe en un mensaje: su principio y su final.
            partes[4:-4] = ["… %d mensajes más …" % (len(partes) - 8)]
        return "[%s]" % ", ".join(partes)
    if isinstance(v, tuple) and len(v) == 3 and isinstance(v[2], list):
        return "(%r, %r, M = %s)" % (v[0], v[1], muestra_valor(v[2]))
    return D.corto(v, 200)


# --- las reglas del enunciado -----------------------------------------------------------------

def _modelo_de_mas(d):
    return d.donde == "evento" and (
        (d.suyo and d.suyo[0] in ("excedido",) and d.suyo[1] == "modelo")
        or (d.suyo is not None and d.contrato is None and d.suyo[0] == "modelo"))


def _sobre_el_modelo(d):
    return d.donde == "evento" and d.contrato is not None and d.contrato[0] == "modelo" \
        and d.suyo is not None and d.suyo[0] == "modelo"


def _sobre_ejecutar(d):
    return d.donde == "evento" and "ejecutar" in (
        (d.suyo or ("",))[0], (d.contrato or ("",))[0],
        (d.suyo or ("", ""))[1] if (d.suyo or ("",))[0] == "excedido" else "")


def _sale(d):
    """En esa llamada el contrato deja salir una excepción, y el bucle del alumno no: devuelve
    otra cosa o sigue llamando a alguien."""
    return "lanza" in d.en_el_contrato and (
        d.donde in ("lanza", "devuelve") or (d.donde == "evento" and d.contrato is None))


def _devuelve(d):
    return d.donde in ("devuelve", "lanza") and "devuelve" in d.en_el_contrato


def _tope(d):
    k = d.llamada
    v = d.en_el_contrato.get("devuelve")
    return isinstance(v, tuple) and v[:1] == ("tope",) or (
        _modelo_de_mas(d) and k < len(d.caso.llamadas))


def _texto_fin(d):
    v, s = d.en_el_contrato.get("devuelve"), d.suyo
    return (d.donde == "devuelve" and isinstance(v, tuple) and v[:1] == ("fin",)
            and s and s[0] == "devuelve" and isinstance(s[1], (tuple, list)) and len(s[1]) == 3
            and s[1][0] == "fin" and s[1][2] == v[2])


def _forma_mal(d):
    """bucle devolvió algo que no es una tupla de tres con "fin" o "tope" delante."""
    s = d.suyo
    return (d.donde == "devuelve" and s is not None and s[0] == "devuelve"
            and not (isinstance(s[1], tuple) and len(s[1]) == 3 and s[1][0] in ("fin", "tope")
                     and isinstance(s[1][2], list)))


def _se_para_antes(d):
    """bucle terminó cuando el contrato aún llamaba al modelo o a ejecutar."""
    return d.donde == "evento" and d.suyo is None and d.contrato is not None


def _ultimo(d):
    """A quién llamó por última vez el bucle del alumno ("modelo", "ejecutar" o None)."""
    return d.alumno.eventos[-1][0] if d.alumno.eventos else None


def _devuelve_tope(d):
    v = d.en_el_contrato.get("devuelve")
    return isinstance(v, tuple) and v[:1] == ("tope",)


def _m_es_inicio(d):
    """El modelo recibió como M la misma lista inicio."""
    return (d.donde == "evento" and d.suyo is not None and d.suyo[0] == "modelo"
            and 1 in d.suyo[3])


REGLAS = (
    D.Regla("devuelve", "bucle devuelve una tupla de tres elementos: (\"fin\", texto, M) o "
            "(\"tope\", None, M).",
            _forma_mal),
    D.Regla("sale-tal-cual", "si ejecutar o el modelo lanzan una excepción, sale de bucle tal cual: "
            "no se atrapa, no se convierte en observación y no se salta la llamada.",
            _sale,
            pista=("En esta lección nada se atrapa: si tu bucle tiene un try, la excepción ya no sale "
                   "de bucle tal como la lanzaron.")),
    D.Regla("tope", "nunca se llama al modelo más de tope veces; con tope 0 no se le llama y "
            "bucle devuelve (\"tope\", None, M). Si en el último turno la respuesta pide algo, sus "
            "llamadas se ejecutan y sus observaciones entran en M antes de devolver.",
            lambda d: _modelo_de_mas(d) or (_se_para_antes(d) and _devuelve_tope(d)
                                             and d.contrato[0] == "ejecutar"
                                             and _ultimo(d) == "modelo")
            or (_devuelve(d) and _tope(d) and not _sobre_el_modelo(d)),
            pista=("Cuenta las llamadas al modelo con tope 0, 1 y 2. Y en la última vuelta permitida, si "
                   "la respuesta pide algo, ¿se ejecutan sus llamadas antes de devolver?")),
    D.Regla("termina", "el bucle sólo termina cuando una respuesta no incluye ningún tool_use "
            "(con \"fin\") o cuando ya ha llamado tope veces al modelo; hasta entonces, cada "
            "turno llama al modelo y ejecuta sus llamadas.",
            lambda d: _se_para_antes(d) and not (d.contrato[0] == "ejecutar"
                                                 and _ultimo(d) == "ejecutar")),
    D.Regla("inicio", "inicio es de quien llama: bucle no lo modifica, y M arranca como una copia.",
            lambda d: (d.donde == "args" and d.extra == 1) or _m_es_inicio(d),
            pista=("M = inicio no copia nada: las dos variables nombran la misma lista, y cada append "
                   "la cambia también para quien llamó. ¿Cómo se hace una lista nueva con los mismos "
                   "elementos?")),
    D.Regla("ejecutar", "las llamadas de una respuesta pasan todas por ejecutar, en su orden, "
            "también las repetidas, sobre el entorno que recibe bucle (ni ENTORNO ni una copia).",
            lambda d: _sobre_ejecutar(d) or (d.donde == "args" and d.extra == 2)
            or (d.donde == "global"),
            pista=("Recorre las llamadas en el orden en que vienen, sin quitar las repetidas, y pásale a "
                   "ejecutar el entorno que recibió bucle, no ENTORNO.")),
    D.Regla("mensajes", "el modelo recibe modelo(M, HERRAMIENTAS), y M guarda cada respuesta entera "
            "como (\"asistente\", r) y las observaciones de un turno juntas en un solo "
            "(\"usuario\", [...]).",
            _sobre_el_modelo,
            pista=("Cada turno añade a M la respuesta entera y, si pidió algo, un único mensaje con todas "
                   "sus observaciones. Compara tu M, turno a turno, con la que enseña el widget.")),
    D.Regla("texto", "al terminar, texto junta los textos de los bloques text de la última "
            "respuesta, tal cual, con un espacio entre ellos (una respuesta sin bloques da \"\").",
            _texto_fin,
            pista=("Los textos van tal cual: sin strip() y sin saltarte los vacíos, con un espacio entre "
                   "uno y otro. ¿Qué da \" \".join() con una lista vacía?")),
    D.Regla("fin", "cuando una respuesta no incluye ningún tool_use, el bucle termina ahí con "
            "(\"fin\", texto, M), aunque acabe en un bloque que no es un texto.",
            lambda d: _devuelve(d) and (d.en_el_contrato.get("devuelve") or ("",))[0] == "fin"
            and d.suyo[0] == "devuelve" and isinstance(d.suyo[1], tuple) and len(d.suyo[1]) == 3
            and d.suyo[1][0] != "fin"),
    D.Regla("m-entera", "M guarda cada respuesta entera, todos sus bloques en su orden, también "
            "una respuesta vacía o la última, como (\"asistente\", r).",
            lambda d: _devuelve(d) and d.suyo[0] == "devuelve" and isinstance(d.suyo[1], tuple)
            and len(d.suyo[1]) == 3 and d.suyo[1][0] == (d.en_el_contrato.get("devuelve")
                                                        or (None,))[0]
            and d.suyo[1][2] != d.en_el_contrato["devuelve"][2]),
    D.Regla("nueva-M", "cada llamada a bucle empieza con una M nueva: volver a llamarla no cambia "
            "nada de lo que devolvió antes.",
            lambda d: d.donde == "al_final"),
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


def _una_llamada(respuestas, tope, ejecutar=None, resto=None, registra=True):
    m = D.Imita("modelo", [D.devuelve(r) for r in respuestas], resto or D.devuelve([_texto("fin")]),
                registra=registra)
    return D.Caso([(m, list(INICIO), dict(ENTORNO), tope)],
                  {"ejecutar": ejecutar or D.Imita("ejecutar", resto=D.delega("ejecutar"))})


def bordes():
    casos = [_una_llamada([forma], tope) for tope in (0, 1, 2) for forma in FORMAS_BORDE]
    casos += [_una_llamada([], 3, resto=D.devuelve(FORMAS_BORDE[5]))]  # un modelo que nunca acaba
    # Conversaciones largas: un bucle que recorta M, o que cuenta mal, se nota al turno 30.
    casos += [_una_llamada([], 30, resto=D.devuelve(FORMAS_BORDE[5])),
              _una_llamada([FORMAS_BORDE[5]] * 25, 40)]
    casos += [_una_llamada([FORMAS_BORDE[5]], 3, resto=D.lanza("RuntimeError", "el modelo falla")),
              _una_llamada([FORMAS_BORDE[7]], 3, ejecutar=D.Imita(
                  "ejecutar", [D.delega("ejecutar"), D.lanza("ValueError", "a mitad de turno")],
                  resto=D.delega("ejecutar"))),
              _una_llamada([FORMAS_BORDE[5]], 3, ejecutar=D.Imita(
                  "ejecutar", [D.cambia(1, "lista.txt", "cambiado", D.delega("ejecutar"))],
                  resto=D.delega("ejecutar")))]
    dos = _una_llamada([FORMAS_BORDE[5]], 2)
    casos.append(D.Caso(dos.llamadas * 2, dos.globales))  # bucle, dos veces seguidas
    # Al final de los bordes, por lo que cuesta: un modelo que nunca acaba con un tope justo
    # por encima de los enteros pequeños (257): un bucle que compara con `is` no se para
    # nunca. Sin anotar cada M que recibe el modelo (cientos de copias cada vez más largas):
    # basta con lo que devuelve bucle y con que acabe.
    casos.append(_una_llamada([], 257, resto=D.devuelve(FORMAS_BORDE[5]), registra=False,
                              ejecutar=D.Imita("ejecutar", resto=D.delega("ejecutar"), registra=False)))
    return casos


CONTRATO = D.Diferencial(
    referencia="bucle", argumentos=("modelo", "inicio", "entorno", "tope"), caso=caso,
    describe=describe, reglas=REGLAS, globales=("ENTORNO", "HERRAMIENTAS"), aleatorios=200,
    bordes=bordes(), muestra_valor=muestra_valor)


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
    m = D.Imita("modelo", [D.devuelve(r) for r in RESPUESTAS], D.lanza("RuntimeError", "sin guion"))
    return D.Caso([(m, list(INICIO), dict(ENTORNO), tope)],
                  {"ejecutar": D.Imita("ejecutar", resto=D.delega("ejecutar"))})


@comprobacion("conversacion", "La conversación de la lección")
def conversacion(p):
    return CONTRATO.comprueba(p, casos=[leccion(10), leccion(3)], titulo_ok=(
        "Con tope 10, tu bucle recorre los cuatro turnos de la lección y devuelve lo mismo que "
        "el contrato; con tope 3, se para donde el contrato, con las observaciones del tercer "
        "turno en M."))


@comprobacion("generadas", "Cientos de conversaciones, de menor a mayor")
def generadas(p):
    return CONTRATO.comprueba(p, titulo_ok=(
        "Tu bucle hace lo mismo que el contrato en las %d conversaciones generadas: modelos que "
        "terminan, que no terminan o que lanzan, respuestas de todas las formas, ejecutar que "
        "lanza o cambia el entorno, topes de 0 a 8 y llamadas seguidas a bucle."))
