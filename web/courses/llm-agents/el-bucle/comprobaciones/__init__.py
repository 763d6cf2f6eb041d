"""The checks of the challenge of «El bucle»: bucle(modelo, inicio, entorno, tope).

Each check is a function `f(p) -> (passed, message)`, registered in order with
`@comprobacion(id, title)`. `p` (prueba.Prueba) gives it:

- `p.cur`: a fresh namespace with the grader's own copies of guionizado.py,
  entorno.py and bucle.py (texto, llamada, ENTORNO, HERRAMIENTAS, ModeloGuionizado...);
- `p.corre(escena)`: runs the learner's bucle and the course's bucle.py on the
  same scripted conversation and returns `(c, ref)`, two prueba.Corrida;
- `p.comun(c)`: the message of a failure every check shares (time, tope,
  exception...) or None; `p.guionizado(escena, c)`: ModeloGuionizado's complaint.

A check compares `c` (what the learner's loop did, as the grader's model recorded
it) with `ref` (what the contract does), and says what the loop did beside what
the contract asks. The `did` shown with each check comes from the last run.
"""

import re

from lessonrt.grading import comprobacion

from . import escenas as E
from . import textos as T
from .prueba import INICIO, Escena, Prueba  # noqa: F401  Prueba: what every check gets

FIRMA = "bucle(modelo, inicio, entorno, tope)"
FICHEROS = ("guionizado.py", "entorno.py", "bucle.py")
ETIQUETAS = ("Lo que hizo tu bucle", "Lo que pide el contrato")


# -- the conversations ---------------------------------------------------------------

LISTA = "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla"
FINAL = "He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla."


def leccion(cur, tope):
    """The conversation of the lesson's first cell: four turns."""
    texto, llamada = cur["texto"], cur["llamada"]
    respuestas = [
        [texto("Miro qué recetas hay."), llamada("t1", "listar", carpeta="recetas/")],
        [llamada("t2", "leer", ruta="recetas/gazpacho.txt"),
         llamada("t3", "leer", ruta="recetas/tortilla.txt"),
         llamada("t4", "leer", ruta="lista.txt")],
        [llamada("t5", "escribir", ruta="lista.txt", contenido=LISTA)],
        [texto(FINAL)],
    ]
    return Escena(list(INICIO), respuestas, dict(cur["ENTORNO"]), tope)


def _roles(M):
    return [m[0] if isinstance(m, tuple) and len(m) == 2 else None for m in M]


# -- the checks ----------------------------------------------------------------------------

@comprobacion("conversacion", "La conversación de la lección")
def conversacion(p):
    esc = leccion(p.cur, 10)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    for k, llamada in enumerate(c.llamadas, 1):
        if not isinstance(llamada["M"], list):
            return False, ("En el turno %d el modelo recibió %s en lugar de la lista de mensajes M. %s"
                           % (k, T.describe(llamada["M"]), T.lo_que_hizo(c)))
        mal = T.herramientas_mal(llamada["herramientas"], p.herramientas)
        if mal:
            return False, ("En el turno %d el modelo recibió %s; se le llama como "
                           "modelo(M, HERRAMIENTAS). %s" % (k, mal, T.lo_que_hizo(c)))
    if not c.llamadas:
        return False, ("Tu bucle no llamó al modelo: la conversación la decide el modelo que "
                       "recibe bucle, turno a turno. %s" % T.devolvio(c))
    queja = p.guionizado(esc, c)
    if queja:
        cuantos = "" if c.recibidos == ref.recibidos else (
            "Recibió %s mensajes %s; con el contrato recibe %s. " % (
                T.y_lista(c.recibidos), T.turnos(len(c.recibidos)), T.y_lista(ref.recibidos)))
        return False, ("El modelo guionizado se ha quejado: %s\n%s%s"
                       % (queja, cuantos, T.lo_que_hizo(c)))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    if c.n != ref.n:
        return False, ("La conversación tiene %d turnos y tu bucle llamó al modelo %s. %s"
                       % (ref.n, T.veces(c.n), T.lo_que_hizo(c)))
    if c.entorno != ref.entorno:
        return False, _entorno_mal(c, ref)
    return True, ('Cuatro turnos, como en la celda 1: devuelve ("fin", %s, M de 9 mensajes) '
                  "y lista.txt queda reescrita." % T.cita(FINAL, 30))


@comprobacion("recibe", "Lo que recibe el modelo en cada turno")
def recibe(p):
    esc = leccion(p.cur, 10)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    esperados = [ll["M"] for ll in ref.llamadas]
    recibidos = [ll["M"] for ll in c.llamadas]
    if not recibidos:
        return False, ("El modelo no recibió nada: tu bucle no lo llamó. Con el contrato recibe "
                       "%s mensajes en los turnos 1 a %d. %s"
                       % (T.y_lista(ref.recibidos), ref.n, T.devolvio(c)))
    if recibidos != esperados:
        if c.recibidos == ref.recibidos:
            mensaje = ("El modelo recibió %s mensajes, como pide el contrato, pero no los "
                       "mismos." % T.y_lista(c.recibidos))
        else:
            mensaje = ("El modelo recibió %s mensajes %s; con el contrato recibe %s: cada turno "
                       "que pide algo añade dos mensajes, la respuesta y sus observaciones."
                       % (T.y_lista(c.recibidos), T.turnos(len(c.recibidos)),
                          T.y_lista(ref.recibidos)))
        if len(recibidos) > 1 and all(M == recibidos[0] for M in recibidos):
            mensaje += (" Recibió siempre los mismos mensajes: tu bucle no añade nada a M, y un "
                        "modelo de verdad, que no recuerda haber pedido nada, lo volvería a pedir.")
        for k, (got, exp) in enumerate(zip(recibidos, esperados), 1):
            diferencia = T.explica_diferencia(got, exp)
            if diferencia:
                mensaje += " En el turno %d %s" % (k, diferencia)
                break
        return False, mensaje + " " + T.lo_que_hizo(c)
    final = c.devuelto[2] if isinstance(c.devuelto, tuple) and len(c.devuelto) == 3 else None
    if not isinstance(final, list):
        return False, ("El modelo recibió %s mensajes, como pide el contrato, pero bucle no "
                       "devolvió M. %s" % (T.y_lista(c.recibidos), T.lo_que_hizo(c)))
    for k, M in enumerate(recibidos, 1):
        if final[: len(M)] != M:
            return False, ("El M que devuelve tu bucle no empieza por lo que vio el modelo en el "
                           "turno %d: M sólo crece; el bucle añade y nunca reescribe ni quita. %s"
                           % (k, T.lo_que_hizo(c)))
    return True, ("Recibió %s mensajes, y el M de cada turno es el principio del M final."
                  % T.y_lista(c.recibidos))


@comprobacion("herramientas", "Las herramientas, en cada llamada")
def herramientas(p):
    esc = leccion(p.cur, 10)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    if not c.llamadas:
        return False, "Tu bucle no llamó al modelo. " + T.devolvio(c)
    for k, llamada in enumerate(c.llamadas, 1):
        mal = T.herramientas_mal(llamada["herramientas"], p.herramientas)
        if mal:
            return False, ("En el turno %d el modelo recibió %s. Cada turno lo llama como "
                           "modelo(M, HERRAMIENTAS), con las cuatro herramientas de entorno.py. %s"
                           % (k, mal, T.lo_que_hizo(c)))
        if llamada["raros"]:
            return False, ("En el turno %d el modelo se llamó con argumentos de más; se le "
                           "llama como modelo(M, HERRAMIENTAS). %s" % (k, T.lo_que_hizo(c)))
    return True, ("HERRAMIENTAS, con sus cuatro herramientas, en cada una de las %s."
                  % T.llamadas(len(c.llamadas)))


@comprobacion("tope-corta", "Un tope antes del final")
def tope_corta(p):
    esc = leccion(p.cur, 3)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    if c.n < 3:
        return False, ("Con tope 3 el contrato hace 3 llamadas al modelo: la tercera pide "
                       "escribir lista.txt, y esa escritura se hace antes de devolver. %s"
                       % T.lo_que_hizo(c))
    v = c.devuelto
    M = v[2] if isinstance(v, tuple) and len(v) == 3 else None
    if isinstance(M, list) and len(M) == 7 and _roles(M)[-1] == "asistente":
        return False, ("Al llegar al tope tu bucle devolvió sin ejecutar las llamadas del último "
                       "turno: M acaba en la respuesta que pide escribir lista.txt, sin su "
                       "observación, y lista.txt %s. El contrato las ejecuta y añade sus "
                       'observaciones antes de devolver ("tope", None, M): M queda con 8 '
                       "mensajes y cada llamada contestada. %s" % (
                           "no ha cambiado" if c.entorno.get("lista.txt") != LISTA
                           else "se escribió pero la observación no está en M",
                           T.lo_que_hizo(c)))
    if isinstance(v, tuple) and len(v) == 3 and v[0] != "tope":
        return False, ("Al llegar al tope tu bucle devolvió %s; el contrato devuelve "
                       '("tope", None, M): el modelo no terminó, y quien llama tiene que '
                       "saberlo. %s" % (T.devuelto_breve(v), T.lo_que_hizo(c)))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    if c.entorno != ref.entorno:
        return False, _entorno_mal(c, ref)
    return True, ('Tres llamadas y ("tope", None, M de 8 mensajes): la escritura del turno 3 '
                  "está hecha y contestada.")


@comprobacion("tope-justo", "Un tope justo para la conversación")
def tope_justo(p):
    esc = leccion(p.cur, 4)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    if c.n != 4:
        return False, ("Con tope 4 la conversación cabe justa: cuatro llamadas, y la cuarta "
                       'respuesta no pide nada, así que el bucle devuelve ("fin", texto, M). '
                       "%s" % T.lo_que_hizo(c))
    v = c.devuelto
    if isinstance(v, tuple) and len(v) == 3 and v[0] == "tope":
        return False, ("La cuarta respuesta, la del tope, no pide nada: el modelo ha terminado "
                       'y el bucle devuelve ("fin", texto, M) aunque sea la última llamada '
                       "permitida. %s" % T.lo_que_hizo(c))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    return True, 'Cuatro llamadas con tope 4, y ("fin", texto, M de 9 mensajes).'


@comprobacion("terco", "Un modelo que nunca termina")
def terco(p):
    cur = p.cur
    tope = 5
    respuestas = [[cur["llamada"]("t%d" % k, "listar", carpeta="recetas/")]
                  for k in range(1, tope + 1)]
    esc = Escena(list(INICIO), respuestas, dict(cur["ENTORNO"]), tope)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    v = c.devuelto
    M = v[2] if isinstance(v, tuple) and len(v) == 3 else None
    if c.n != tope or v != ref.devuelto:
        detalle = ""
        if isinstance(M, list) and c.n == tope and len(M) == 11:
            detalle = (" Al tope falta la observación de la última llamada: el bucle la ejecuta "
                       "y la añade antes de devolver.")
        return False, ("Con un modelo que pide algo en cada turno y tope %d, el contrato llama al "
                       'modelo %d veces y devuelve ("tope", None, M) con 12 mensajes: los 2 de '
                       "inicio más la respuesta y las observaciones de cada turno (5 × 2).%s %s"
                       % (tope, tope, detalle, T.lo_que_hizo(c)))
    return True, 'Cinco llamadas y ("tope", None, M de 12 mensajes).'


@comprobacion("inicio", "inicio no se toca")
def inicio(p):
    cur = p.cur
    respuestas = [[cur["llamada"]("n1", "leer", ruta="notas.txt")],
                  [cur["texto"]("Que el domingo coméis en casa, gazpacho y tortilla.")]]
    esc = Escena([("sistema", "Eres el asistente de una cocina."),
                  ("usuario", "¿Qué dice notas.txt?")], respuestas, dict(cur["ENTORNO"]), 5)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    copia = ("M empieza como una copia de inicio, por ejemplo M = list(inicio): inicio es de "
             "quien llama, que puede usarlo para otra conversación.")
    if c.inicio_despues != c.inicio_antes:
        n = len(c.inicio_despues) if isinstance(c.inicio_despues, list) else None
        return False, ("Después del bucle, la lista inicio que se le pasó %s. %s %s" % (
            "tenía %s y no los 2 con que se pasó" % T.mensajes(n) if n is not None and n != 2
            else "había cambiado", copia, T.lo_que_hizo(c)))
    if any(llamada["es_origen"] for llamada in c.llamadas) or c.devuelve_inicio:
        return False, ("Tu bucle trabaja sobre la misma lista inicio que recibe (M es inicio). %s %s"
                       % (copia, T.lo_que_hizo(c)))
    if not c.llamadas or c.llamadas[0]["M"] != ref.llamadas[0]["M"]:
        recibido = c.llamadas[0]["M"] if c.llamadas else None
        return False, ("En el turno 1 el modelo debía recibir los mensajes de inicio, %s, y "
                       "recibió %s. %s" % (
                           " y ".join(T.mensaje_largo(m) for m in ref.llamadas[0]["M"]),
                           "; ".join(T.mensaje_largo(m) for m in recibido)
                           if isinstance(recibido, list) else T.describe(recibido),
                           T.lo_que_hizo(c)))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    return True, "inicio sigue con sus 2 mensajes, y M es otra lista que empieza igual."


@comprobacion("observaciones", "Las observaciones, juntas y en orden")
def observaciones(p):
    cur = p.cur
    texto, llamada = cur["texto"], cur["llamada"]
    respuestas = [
        [texto("Miro tres cosas a la vez."),
         llamada("c3", "leer", ruta="notas.txt"),
         texto("Y de paso busco las patatas."),
         llamada("a1", "buscar", texto="patatas"),
         llamada("b2", "listar", carpeta="recetas/")],
        [texto("Ya lo tengo todo.")],
    ]
    esc = Escena(list(INICIO), respuestas, dict(cur["ENTORNO"]), 5)
    c, ref = p.corre(esc)
    fallo = p.comun(c)
    if fallo:
        return False, fallo
    v = c.devuelto
    M = v[2] if isinstance(v, tuple) and len(v) == 3 else None
    recibido = c.llamadas[1]["M"] if len(c.llamadas) > 1 else M
    esperado = ref.llamadas[1]["M"]
    if recibido != esperado:
        diferencia = T.explica_diferencia(recibido, esperado) if recibido is not None else None
        return False, ("Un turno pide tres cosas, c3, a1 y b2 (en ese orden): el contrato añade un "
                       'solo ("usuario", [...]) con sus tres resultados en el orden de las '
                       "llamadas. %s %s" % (
                           "En el turno 2 " + diferencia if diferencia
                           else "El modelo no llegó a recibir el turno 2.",
                           T.lo_que_hizo(c)))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    return True, "Un solo mensaje de usuario con los resultados de c3, a1 y b2, en ese orden."


@comprobacion("entorno", "Las llamadas cambian el entorno recibido")
def entorno(p):
    cur = p.cur
    texto, llamada = cur["texto"], cur["llamada"]
    propio = {"lista.txt": "arroz", "despensa.txt": "arroz, garbanzos, atún"}
    respuestas = [
        [llamada("e1", "leer", ruta="despensa.txt")],
        [llamada("e2", "escribir", ruta="lista.txt", contenido="arroz, garbanzos")],
        [texto("He puesto los garbanzos en la lista.")],
    ]
    esc = Escena(list(INICIO), respuestas, propio, 5)
    c, ref = p.corre(esc)
    fallo = p.comun(c, entorno=propio)
    if fallo:
        return False, fallo
    if c.entorno != ref.entorno:
        return False, _entorno_mal(c, ref)
    if c.global_cambiado:
        return False, ("Las llamadas cambiaron también ENTORNO, el de entorno.py: se ejecutan sólo "
                       "sobre el entorno que recibe bucle. %s" % T.lo_que_hizo(c))
    mal = _devuelto_mal(c, ref)
    if mal:
        return False, mal
    return True, ("Las llamadas leyeron y escribieron en el entorno que recibió bucle, y ENTORNO "
                  "sigue igual.")


@comprobacion("devuelve", "Lo que devuelve bucle")
def devuelve(p):
    cur = p.cur
    texto, llamada = cur["texto"], cur["llamada"]
    fin = Escena(list(INICIO), [
        [llamada("d1", "leer", ruta="lista.txt")],
        [texto("En la lista hay pan,"), texto("leche y patatas.")],
    ], dict(cur["ENTORNO"]), 5)
    tope = Escena(list(INICIO), [[llamada("d1", "leer", ruta="lista.txt")]],
                  dict(cur["ENTORNO"]), 1)
    for esc in (fin, tope):
        c, ref = p.corre(esc)
        fallo = p.comun(c)
        if fallo:
            return False, fallo
        mal = _devuelto_mal(c, ref)
        if mal:
            return False, mal
    return True, ('("fin", "En la lista hay pan, leche y patatas.", M) con dos bloques de texto '
                  'unidos por un espacio, y ("tope", None, M) con tope 1.')


@comprobacion("generadas", "Cientos de conversaciones, de menor a mayor")
def generadas(p):
    descripciones = tuple(E.escenas())
    pares = p.corre_varias([p.escena(d) for d in descripciones])
    for numero, (d, (c, ref)) in enumerate(zip(descripciones, pares), 1):
        p.ultima, p.ultima_ref = c, ref
        mal = _aparte(p, c, ref)
        if mal:
            return False, _en_la_escena(
                "De %d conversaciones generadas, ordenadas de menor a mayor, la %d es la más "
                "pequeña en que tu bucle no hace lo que el contrato:" % (len(descripciones), numero),
                E.transcribe(d), mal)
    if len(pares) < len(descripciones):
        return False, _sin_tiempo(p, pares, len(descripciones))
    return True, ("Tu bucle hace lo mismo que el contrato en las %d conversaciones: tope 0, "
                  "respuestas sin bloques, de 0 a 3 textos con espacios en los bordes, de 1 a 6 "
                  "llamadas por turno (repetidas también), y llamadas que lanzan una excepción."
                  % len(descripciones))


@comprobacion("varias-veces", "bucle, llamado varias veces seguidas")
def varias_veces(p):
    sesiones = tuple(E.sesiones())
    for serie in sesiones:
        pares = p.corre_varias([p.escena(d) for d in serie], sesion=True)
        for k, (c, ref) in enumerate(pares, 1):
            p.ultima, p.ultima_ref = c, ref
            mal = _aparte(p, c, ref)
            if not mal and c.cambiado_despues:
                mal = ("Lo que devolvió esta llamada cambió después, cuando se volvió a llamar a "
                       "bucle: ahora es %s. Cada llamada empieza un M nuevo (M = list(inicio)); "
                       "una lista que sobrevive entre llamadas, como un argumento M=[] por "
                       "defecto o un M global, reescribe lo que ya se devolvió."
                       % T.devuelto_breve(c.devuelto_ahora))
            if mal:
                lineas = []
                for j, d in enumerate(serie[:k], 1):
                    lineas.append(" Llamada %d a bucle:" % j)
                    lineas.extend(E.transcribe(d))
                return False, _en_la_escena(
                    "Quien llama usa bucle %s seguidas, con la misma lista inicio y el mismo "
                    "entorno. En la llamada %d tu bucle no hace lo que el contrato:"
                    % (T.veces(len(serie)), k), lineas, mal)
        if len(pares) < len(serie):
            return False, _sin_tiempo(p, pares, len(serie))
    return True, ("En %d series de llamadas seguidas a bucle, inicio sigue intacto y lo que "
                  "devolvió cada llamada no cambia después." % len(sesiones))


GENERADAS = frozenset(("generadas", "varias-veces"))
"""The checks over generated conversations (they never repeat an earlier check's cause)."""


# -- shared verdicts -----------------------------------------------------------------------

def _devuelto_mal(c, ref):
    """Why the returned value is not the contract's, or None."""
    v, e = c.devuelto, ref.devuelto
    if v == e:
        return None
    hizo = T.lo_que_hizo(c)
    forma = '("fin", texto, M)' if e[0] == "fin" else '("tope", None, M)'
    if isinstance(v, list) and len(v) == 3:
        return ("Tu bucle devolvió una lista y el contrato devuelve una tupla de tres, %s. %s"
                % (forma, hizo))
    if not isinstance(v, tuple):
        return ("Tu bucle devolvió %s; el contrato devuelve una tupla de tres, %s. %s"
                % (T.describe(v), forma, hizo))
    if len(v) != 3:
        return ("Tu bucle devolvió una tupla de %d elementos, %s; el contrato devuelve tres, "
                "%s. %s" % (len(v), T.devuelto_breve(v), forma, hizo))
    if v[0] != e[0]:
        por_que = ("la última respuesta no pide nada: el modelo ha terminado" if e[0] == "fin"
                   else "el bucle llegó al tope y el modelo aún pedía algo")
        return ('El primer elemento es %s, y aquí es "%s": %s. %s'
                % (T.elemento_breve(v[0], 0), e[0], por_que, hizo))
    if v[1] != e[1]:
        if e[1] is None:
            return ('Con "tope" el segundo elemento es None: no hay un texto final. %s' % hizo)
        if isinstance(v[1], str) and v[1].replace(" ", "") == e[1].replace(" ", ""):
            return ("El texto devuelto es %s; el contrato une los textos de los bloques text "
                    "con un espacio: %s. %s" % (T.cita(v[1], 60), T.cita(e[1], 60), hizo))
        return ("El texto devuelto es %s y el contrato devuelve los textos de los bloques "
                "text de la última respuesta, unidos por un espacio: %s. %s"
                % (T.cita(v[1], 60) if isinstance(v[1], str) else T.describe(v[1]),
                   T.cita(e[1], 60), hizo))
    M, esperado = v[2], e[2]
    if not isinstance(M, list):
        return "El tercer elemento es %s y debía ser M, la lista de mensajes. %s" % (
            T.describe(M), hizo)
    diferencia = T.explica_diferencia(M, esperado)
    return ("El M devuelto no es el del contrato, que tiene %s: %s %s"
            % (T.mensajes(len(esperado)), diferencia, hizo))


def _entorno_mal(c, ref):
    cambios = [r for r in sorted(set(c.entorno) | set(ref.entorno))
               if c.entorno.get(r) != ref.entorno.get(r)]
    partes = []
    for ruta in cambios[:2]:
        tiene, debe = c.entorno.get(ruta), ref.entorno.get(ruta)
        if tiene == c.entorno_antes.get(ruta):
            partes.append("%s sigue siendo %s y debía quedar %s" % (
                ruta, T.cita(tiene, 30) if isinstance(tiene, str) else T.describe(tiene),
                T.cita(debe, 30) if isinstance(debe, str) else T.describe(debe)))
        else:
            partes.append("%s quedó %s y debía quedar %s" % (
                ruta, T.cita(tiene, 30) if isinstance(tiene, str) else T.describe(tiene),
                T.cita(debe, 30) if isinstance(debe, str) else T.describe(debe)))
    return ("En el entorno que recibe bucle, %s. Las llamadas se ejecutan sobre ese entorno, "
            "no sobre ENTORNO ni sobre una copia: lo que cambian se queda cambiado. %s"
            % ("; ".join(partes), T.lo_que_hizo(c)))


def _sin_tiempo(p, pares, cuantas):
    """The series stopped before its last scene: every scene before passed,
    and the time of the whole check ran out."""
    return ("Tu bucle hizo lo mismo que el contrato en %d de %d conversaciones, pero tardó "
            "tanto que el tiempo de la prueba, %s s, se acabó antes de terminar las demás. ¿Imprime "
            "o espera algo en cada turno?" % (len(pares), cuantas, T.segundos(2.5 * p.segundos)))


def _en_la_escena(cabeza, transcripcion, mal):
    return "%s\n%s\n%s" % (cabeza, "\n".join(transcripcion), mal)


def _aparte(p, c, ref):
    """Why the learner's run parts from the contract's, or None."""
    causa = aparte(p, c, ref)
    return causa[1] if causa else None


def _plantilla(texto):
    # What a message says without its numbers and quotes: two runs that part
    # from the contract in the same way give the same one.
    return re.sub(r"\d+|«[^»]*»|'[^']*'|\"[^\"]*\"|\([^)]*\)|\[[^\]]*\]", "",
                  texto.split(". Tu bucle")[0])[:90]


def aparte(p, c, ref):
    """Where the learner's run first parts from the contract's: (cause,
    message), or None. Time, tope and exceptions first, then turn by turn
    what the model received, then what bucle returned and the environment.
    The cause is a short key: two checks with the same one fail for the same
    reason, and the grader says it once."""
    fallo, esperado = c.fallo, ref.fallo
    if esperado is not None and (fallo is None or fallo["clase"] in ("tope", "agotado")):
        return "atrapa", (
            "En el turno %d una de las llamadas hace que ejecutar lance %s: %s. El contrato deja salir esa "
            "excepción de bucle tal cual: en esta lección no se convierte en observación ni se "
            "salta la llamada. Tu bucle %s. %s" % (
                ref.n, esperado["tipo"], esperado["mensaje"],
                "siguió y volvió a llamar al modelo" if fallo is not None
                else "no la dejó salir", T.lo_que_hizo(c)))
    if fallo is not None and (esperado is None or fallo["clase"] != "excepcion"
                              or (fallo["tipo"], fallo["mensaje"])
                              != (esperado["tipo"], esperado["mensaje"])):
        comun = p.comun(c)
        if comun and esperado is not None:
            comun += ("\nEl contrato deja salir de bucle la excepción de ejecutar tal cual: "
                      "%s: %s." % (esperado["tipo"], esperado["mensaje"]))
        if comun:
            return "fallo:%s:%s" % (fallo["clase"], fallo["tipo"]), comun
    if fallo is None and c.excedido:
        return "excedido", p.comun(c)
    if fallo is None and c.agotado:
        return "agotado", p.comun(c)
    if c.inicio_despues != c.inicio_antes:
        return "inicio", ("Después de la llamada, la lista inicio que recibió bucle ha cambiado. M "
                          "empieza como una copia, M = list(inicio): inicio es de quien llama. %s"
                          % T.lo_que_hizo(c))
    for k, (llamada, debida) in enumerate(zip(c.llamadas, ref.llamadas), 1):
        if llamada["es_origen"]:
            return "inicio", ("En el turno %d el modelo recibió la misma lista inicio que "
                              "recibió bucle (M es inicio). M empieza como una copia, M = "
                              "list(inicio). %s" % (k, T.lo_que_hizo(c)))
        if llamada["M"] != debida["M"]:
            diferencia = T.explica_diferencia(llamada["M"], debida["M"])
            return "M:" + _plantilla(diferencia), (
                "En el turno %d el modelo debía recibir %s, y %s %s" % (
                    k, T.mensajes(len(debida["M"])), diferencia, T.lo_que_hizo(c)))
        mal = T.herramientas_mal(llamada["herramientas"], p.herramientas)
        if mal:
            return "herramientas", ("En el turno %d el modelo recibió %s; se le llama como "
                                    "modelo(M, HERRAMIENTAS). %s" % (k, mal, T.lo_que_hizo(c)))
        if llamada["raros"]:
            return "herramientas", ("En el turno %d el modelo se llamó con argumentos de más; se "
                                    "le llama como modelo(M, HERRAMIENTAS). %s"
                                    % (k, T.lo_que_hizo(c)))
    if c.n < ref.n:
        return "pocas", ("El contrato llama al modelo %s y tu bucle %s: con tope %d, mientras la "
                         "respuesta pida algo, el bucle sigue. %s" % (
                             T.veces(ref.n), T.veces(c.n) if c.n else "ninguna", c.tope,
                             T.lo_que_hizo(c)))
    mal = _devuelto_mal(c, ref) if esperado is None else None
    if mal:
        v, e = c.devuelto, ref.devuelto
        if isinstance(v, tuple) and len(v) == 3 and v[:2] == e[:2] and isinstance(v[2], list):
            # Only M differs: the same cause as an M the model received.
            return "M:" + _plantilla(T.explica_diferencia(v[2], e[2])), mal
        return "devuelto:" + _plantilla(mal), mal
    if c.devuelve_inicio:
        return "inicio", ("El M que devolvió tu bucle es la misma lista inicio que recibió. M "
                          "empieza como una copia, M = list(inicio). %s" % T.lo_que_hizo(c))
    if c.entorno != ref.entorno:
        return "entorno", _entorno_mal(c, ref)
    if c.global_cambiado:
        return "entorno", ("Las llamadas cambiaron también ENTORNO, el de entorno.py: se ejecutan "
                           "sólo sobre el entorno que recibe bucle. %s" % T.lo_que_hizo(c))
    return None
