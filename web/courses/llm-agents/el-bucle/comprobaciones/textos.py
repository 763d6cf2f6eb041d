"""What the grader says, in Spanish: short forms of messages and values, and
the failures every check shares (time, tope, exceptions...).

Everything here works on plain data already frozen by the guard (lists,
tuples, dicts, strings, numbers, None and Ajeno), never on learner objects.
"""

from lessonrt.grading.guard import Ajeno, FALTA
from lessonrt.grading.textos import (con_mensaje, cita, corta, describe, donde_se_acabo,  # noqa: F401
                                    lineas_del_alumno, ordinal, segundos, veces, y_lista)
from lessonrt.grading.textos import pista_de_excepcion as pista_general

NADA = Ajeno("nada devuelto")
"""What a run that raised returned."""


# -- small pieces ------------------------------------------------------------------

def turnos(n):
    """The turns 1..n, as a phrase: "en el turno 1", "en los turnos 1 a 3"."""
    if n == 1:
        return "en el turno 1"
    if n == 2:
        return "en los turnos 1 y 2"
    return "en los turnos 1 a %d" % n


def mensajes(n):
    return "1 mensaje" if n == 1 else "%d mensajes" % n


def bloque_breve(b):
    """One block, very short: texto, t1→listar, t1←."""
    if isinstance(b, dict):
        tipo = b.get("type")
        if tipo == "text":
            return "texto"
        if tipo == "tool_use":
            return "%s→%s" % (b.get("id"), b.get("name"))
        if tipo == "tool_result":
            return "%s←" % (b.get("tool_use_id"),)
    return "?"


def mensaje_breve(m):
    """One message for `did`: "asistente: texto, t1→listar", "usuario: t1←", "sistema"."""
    if isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], str):
        rol, contenido = m
        if isinstance(contenido, list):
            return "%s: %s" % (rol, ", ".join(bloque_breve(b) for b in contenido))
        return rol
    return "(no es un par rol, contenido: %s)" % describe(m)


def bloque_largo(b):
    if isinstance(b, dict):
        tipo = b.get("type")
        if tipo == "text" and isinstance(b.get("text"), str):
            return "texto %s" % cita(b["text"], 40)
        if tipo == "tool_use":
            return "llamada %s a %s" % (b.get("id"), b.get("name"))
        if tipo == "tool_result":
            return "resultado de %s" % (b.get("tool_use_id"),)
    return describe(b)


def mensaje_largo(m):
    """One message in a sentence: usuario [resultado de t1], sistema «Trabajas…»."""
    if isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], str):
        rol, contenido = m
        if isinstance(contenido, list):
            return "%s [%s]" % (rol, "; ".join(bloque_largo(b) for b in contenido))
        if isinstance(contenido, str):
            return "%s %s" % (rol, cita(contenido, 40))
        return "%s con %s" % (rol, describe(contenido))
    if isinstance(m, list) and len(m) == 2:
        return "una lista [%s, …] en lugar de una tupla (rol, contenido)" % describe(m[0])
    return "%s, que no es una tupla (rol, contenido)" % describe(m)


def roles_finales(M, cuantos=4):
    """"M acaba en …, asistente, usuario (8 mensajes)"."""
    if not isinstance(M, list):
        return "M es %s" % describe(M)
    if not M:
        return "M está vacía"
    roles = [m[0] if isinstance(m, tuple) and len(m) == 2 and isinstance(m[0], str)
             else "[%s]" % m[0] if isinstance(m, list) and len(m) == 2 and isinstance(m[0], str)
             else "?" for m in M[-cuantos:]]
    prefijo = "…, " if len(M) > cuantos else ""
    return "M acaba en %s%s (%s)" % (prefijo, ", ".join(roles), mensajes(len(M)))


def elemento_breve(v, posicion):
    if isinstance(v, str):
        return '"%s"' % corta(v, 40)
    if v is None:
        return "None"
    if posicion == 2 and isinstance(v, list):
        return "M de %s" % mensajes(len(v))
    return describe(v)


def devuelto_breve(v):
    """The returned value: ("tope", None, M de 8 mensajes)."""
    if v is NADA:
        return "nada (lanzó una excepción)"
    if isinstance(v, tuple):
        return "(%s)" % ", ".join(elemento_breve(x, i) for i, x in enumerate(v))
    if isinstance(v, list) and len(v) <= 4:
        return "una lista [%s]" % ", ".join(elemento_breve(x, i) for i, x in enumerate(v))
    return describe(v)


def lo_que_hizo(c):
    """The closing sentence of a failure: calls, returned value, M's end."""
    partes = ["llamó al modelo %s" % veces(c.n) if c.n else "no llamó al modelo"]
    if c.fallo is None:
        partes.append("devolvió %s" % devuelto_breve(c.devuelto))
        M = c.devuelto[2] if isinstance(c.devuelto, tuple) and len(c.devuelto) == 3 else None
        if isinstance(M, list):
            partes.append(roles_finales(M))
    return "Tu bucle " + "; ".join(partes) + "."


def pista_de_excepcion(fallo, entorno=None):
    tipo = fallo["tipo"]
    if tipo == "KeyboardInterrupt":
        return "KeyboardInterrupt es la interrupción de Ctrl+C: nada en el bucle debería lanzarla."
    if tipo == "RecursionError":
        return "La recursión no termina: ¿falta el caso base, el del tope?"
    if tipo == "KeyError" and entorno is not None:
        clave = fallo["mensaje"].strip("'\"")
        if clave in entorno:
            return ("%s existe en el entorno que recibe bucle: ¿ejecutas las llamadas sobre "
                    "otro entorno (ENTORNO, o una copia)?" % cita(clave))
    return pista_general(fallo, "bucle")


# -- failures every check shares ----------------------------------------------------------

def fallo_comun(c, fuente, limite, entorno=None):
    """None, or why this run cannot pass whatever the check looks at: time,
    wrong arguments, too many calls, a call after the end, an exception."""
    fallo = c.fallo
    if fallo is not None and fallo["clase"] == "plazo":
        return ("Tu bucle no ha terminado en %s s: llevaba %s al modelo, con tope %d. "
                "¿Hay un while que no sale nunca? Con el tope, el bucle llama al modelo "
                "como mucho %s.%s" % (segundos(limite), llamadas(c.n), c.tope,
                                      veces(c.tope), donde_se_acabo(fallo, fuente)))
    if fallo is not None and fallo["clase"] == "excepcion" and not fallo["marcos"] \
            and fallo["tipo"] == "TypeError" and c.n == 0:
        return ("No se ha podido llamar a tu función como bucle(modelo, inicio, entorno, "
                "tope), con sus cuatro argumentos. Python dice: %s" % fallo["mensaje"])
    if c.excedido:
        return ("Con tope %d tu bucle llamó al modelo una vez más, la %s: el tope es el "
                "número máximo de llamadas al modelo, y el modelo de la prueba no contesta "
                "pasado el tope. %s" % (c.tope, ordinal(c.tope + 1), lo_que_hizo_tope(c)))
    if c.agotado:
        ultima = c.n - 1
        return ("La respuesta del turno %d no pide nada, y tu bucle volvió a llamar al modelo: "
                "una respuesta sin ningún tool_use termina el bucle, que devuelve "
                '("fin", texto, M).' % ultima)
    if fallo is not None:
        cabeza = "Tu bucle lanzó %s" % fallo["tipo"]
        partes = [con_mensaje(cabeza, fallo)] + lineas_del_alumno(fallo["marcos"], fuente)
        pista = pista_de_excepcion(fallo, entorno)
        if pista:
            partes.append(pista)
        partes.append("Llevaba %s al modelo." % llamadas(c.n))
        return "\n".join(partes)
    return None


def devolvio(c):
    """"Devolvió None." — the returned value alone, when the calls are already said."""
    return "Devolvió %s." % devuelto_breve(c.devuelto) if c.fallo is None else ""


def lo_que_hizo_tope(c):
    return "Recibió %s mensajes %s." % (y_lista(c.recibidos), turnos(len(c.recibidos))) \
        if c.recibidos else ""


def llamadas(n):
    return "1 llamada" if n == 1 else "%d llamadas" % n


# -- comparing messages -----------------------------------------------------------------

def _resultados(m):
    """The tool_result blocks of a ("usuario", [...]) message, or None."""
    if isinstance(m, tuple) and len(m) == 2 and m[0] == "usuario" and isinstance(m[1], list) \
            and m[1] and all(isinstance(b, dict) and b.get("type") == "tool_result" for b in m[1]):
        return m[1]
    return None


def _ids(resultados):
    return [str(b.get("tool_use_id")) for b in resultados]


def explica_diferencia(recibido, esperado):
    """The first difference between two lists of messages, in a sentence, or None."""
    if not isinstance(recibido, list):
        return "llegó %s en lugar de una lista de mensajes." % describe(recibido)
    for i in range(max(len(recibido), len(esperado))):
        if i >= len(recibido):
            return "falta el mensaje %d, %s." % (i, _que_es(esperado[i]))
        if i >= len(esperado):
            return "sobra el mensaje %d: %s." % (i, mensaje_largo(recibido[i]))
        if recibido[i] != esperado[i]:
            return _diferencia(i, recibido, esperado)
    return None


def _que_es(m):
    if _resultados(m) is not None:
        return "las observaciones: %s" % mensaje_largo(m)
    return mensaje_largo(m)


def _diferencia(i, recibido, esperado):
    g, e = recibido[i], esperado[i]
    res_e, res_g = _resultados(e), _resultados(g)
    if isinstance(g, list) and len(g) == 2 and tuple(g) == e:
        return ("el mensaje %d es una lista [rol, contenido]; cada mensaje es una tupla "
                '(rol, contenido), como ("asistente", r).' % i)
    if res_e is not None and res_g is None:
        if isinstance(g, tuple) and len(g) == 2 and g[0] == "asistente":
            return ("el mensaje %d debía ser la observación del turno anterior (%s) y llegó "
                    "%s: faltan las observaciones." % (i, mensaje_largo(e), mensaje_largo(g)))
        return ("el mensaje %d debía ser %s y llegó %s."
                % (i, mensaje_largo(e), mensaje_largo(g)))
    if res_e is not None and res_g is not None:
        ids_e, ids_g = _ids(res_e), _ids(res_g)
        siguiente = recibido[i + 1] if i + 1 < len(recibido) else None
        if len(ids_g) < len(ids_e) and ids_e[: len(ids_g)] == ids_g and _resultados(siguiente):
            return ("las %d observaciones del turno llegaron en varios mensajes de usuario; "
                    "van juntas en uno solo, ('usuario', [...]), con un resultado por llamada."
                    % len(ids_e))
        if sorted(ids_g) == sorted(ids_e) and ids_g != ids_e:
            return ("las observaciones van en el orden de las llamadas (%s) y llegaron en el "
                    "orden %s." % (", ".join(ids_e), ", ".join(ids_g)))
        if ids_g == ids_e:
            for bg, be in zip(res_g, res_e):
                if bg != be:
                    return ("el resultado de %s no es el que da ejecutar: esperaba %s y llegó %s."
                            % (be.get("tool_use_id"), _contenido(be), _contenido(bg)))
        return ("el mensaje %d debía ser %s y llegó %s."
                % (i, mensaje_largo(e), mensaje_largo(g)))
    if isinstance(e, tuple) and len(e) == 2 and e[0] == "asistente" and isinstance(g, tuple) \
            and len(g) == 2 and g[0] == "asistente" and isinstance(g[1], list):
        faltan = [b for b in e[1] if b not in g[1]]
        if faltan and all(b in e[1] for b in g[1]):
            return ("la respuesta del modelo no entró entera en el mensaje %d: le faltan %s. "
                    'La respuesta entra tal cual, ("asistente", r).'
                    % (i, y_lista(bloque_largo(b) for b in faltan)))
    return "el mensaje %d debía ser %s y llegó %s." % (i, mensaje_largo(e), mensaje_largo(g))


def _contenido(b):
    valor = b.get("content") if isinstance(b, dict) else b
    return cita(valor, 40) if isinstance(valor, str) else describe(valor)


def herramientas_mal(recibidas, esperadas):
    """Why the tools a call received are not HERRAMIENTAS, or None."""
    if recibidas == esperadas:
        return None
    if recibidas is FALTA:
        return "sin herramientas, como modelo(M)"
    nombres_e = [h["name"] for h in esperadas]
    if isinstance(recibidas, list) and all(isinstance(h, dict) for h in recibidas):
        nombres = [h.get("name") for h in recibidas]
        if nombres == nombres_e:
            return "herramientas con los nombres de HERRAMIENTAS pero con otras descripciones o esquemas"
        if not recibidas:
            return "una lista vacía de herramientas"
        return "las herramientas %s, y HERRAMIENTAS tiene %s" % (
            y_lista(str(n) for n in nombres), y_lista(nombres_e))
    return describe(recibidas)
