"""What the grader says in Spanish whatever the challenge: short forms of
values, the learner's lines in a traceback, errors before any check.

Everything here works on plain data already frozen by the guard (lists,
tuples, dicts, strings, numbers, None and Ajeno), never on learner objects.
"""

from lessonrt.grading.guard import Ajeno


def corta(texto, ancho=48):
    texto = texto.replace("\n", " | ")
    return texto if len(texto) <= ancho else texto[: ancho - 1] + "…"


def cita(texto, ancho=48):
    return "«%s»" % corta(texto, ancho)


def y_lista(cosas):
    """["a", "b", "c"] -> "a, b y c"."""
    cosas = [str(c) for c in cosas]
    if len(cosas) <= 1:
        return "".join(cosas)
    return ", ".join(cosas[:-1]) + " y " + cosas[-1]


def veces(n):
    return "una vez" if n == 1 else "%d veces" % n


def describe(v):
    """A value in a few Spanish words: what it is, not how Python spells it."""
    if isinstance(v, Ajeno):
        return v.nombre
    if v is None:
        return "None"
    if isinstance(v, bool):
        return "el booleano %r" % v
    if isinstance(v, str):
        return "el texto %s" % cita(v)
    if isinstance(v, (int, float)):
        return "el número %r" % v
    if isinstance(v, list):
        return "una lista de %d elementos" % len(v) if len(v) != 1 else "una lista de 1 elemento"
    if isinstance(v, tuple):
        return "una tupla de %d elementos" % len(v) if len(v) != 1 else "una tupla de 1 elemento"
    if isinstance(v, dict):
        return "un diccionario"
    return "un valor"


_COMPRENSIONES = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")


def lineas_del_alumno(marcos, fuente, maximo=6):
    """The learner's frames, innermost last: "  línea 12, en bucle: M.append(r)"."""
    lineas = fuente.splitlines()
    salida, anterior = [], None
    for numero, funcion in marcos:
        if funcion in _COMPRENSIONES and numero == anterior:
            continue
        anterior = numero
        donde = "en el código principal" if funcion == "<module>" else "en %s" % funcion
        if isinstance(numero, int) and 0 < numero <= len(lineas):
            salida.append("  línea %d, %s: %s" % (numero, donde, corta(lineas[numero - 1].strip(), 70)))
        else:
            salida.append("  %s" % donde)
    if len(salida) > maximo:
        omitidas = len(salida) - maximo
        salida = salida[:2] + ["  … (%d líneas más)" % omitidas] + salida[-(maximo - 2):]
    return salida


def donde_se_acabo(fallo, fuente):
    """The learner's lines where the time ran out, as a block, or ""."""
    lineas = lineas_del_alumno(fallo["marcos"], fuente)
    return "\nEl tiempo se acabó aquí:\n" + "\n".join(lineas) if lineas else ""


def error_de_sintaxis(error, fuente):
    """A SyntaxError from compiling the learner's file, with its line."""
    tipo = "sangría" if isinstance(error, IndentationError) else "sintaxis"
    numero = getattr(error, "lineno", None)
    texto = getattr(error, "text", None)
    mensaje = getattr(error, "msg", None) or str(error)
    if texto is None and isinstance(numero, int):
        lineas = fuente.splitlines()
        if 0 < numero <= len(lineas):
            texto = lineas[numero - 1]
    cabeza = ("Error de %s en la línea %s: %s." % (tipo, numero, mensaje)
              if numero else "Error de %s: %s." % (tipo, mensaje))
    partes = [cabeza]
    if texto:
        texto = texto.rstrip("\n")
        sangria = len(texto) - len(texto.lstrip())
        partes.append("  " + texto.strip())
        offset = getattr(error, "offset", None)
        if isinstance(offset, int) and offset > sangria:
            partes.append("  " + " " * (offset - 1 - sangria) + "^")
    partes.append("Python no ha podido leer el código, así que no se ha probado nada.")
    return "\n".join(partes), "hay un error de %s en la línea %s" % (tipo, numero)


def con_mensaje(cabeza, fallo):
    """"Tu bucle lanzó KeyError: 'x'." with one final period, whatever the message ends in."""
    mensaje = fallo["mensaje"]
    if fallo["tipo"] == "SystemExit" and mensaje in ("", "None"):
        mensaje = ""
    texto = "%s: %s" % (cabeza, mensaje) if mensaje else cabeza
    return texto if texto.endswith((".", "!", "?", "…")) else texto + "."


def segundos(s):
    return ("%g" % s).replace(".", ",")


_ORDINALES = ("primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima",
              "octava", "novena", "décima", "undécima", "duodécima")


def ordinal(n):
    return _ORDINALES[n - 1] if 0 < n <= len(_ORDINALES) else "número %d" % n


def pista_de_excepcion(fallo, funcion="tu función"):
    """A hint for exceptions whose name says little to a learner, or ""."""
    tipo = fallo["tipo"]
    if tipo == "SystemExit":
        return ("sys.exit() y exit() terminan el programa entero; para salir de %s "
                "con un resultado, usa return." % funcion)
    if tipo == "KeyboardInterrupt":
        return "KeyboardInterrupt es la interrupción de Ctrl+C: nada en tu código debería lanzarla."
    if tipo == "EOFError":
        return "input() no tiene nada que leer mientras se comprueba el desafío."
    if tipo == "RecursionError":
        return "La recursión no termina: ¿falta el caso base?"
    return ""


def error_al_cargar(fallo, fuente, limite, funcion):
    """The learner's top-level code failed: (full message, short reason)."""
    if fallo["clase"] == "plazo":
        return ("Tu código no ha terminado en %s s al ejecutarse, antes de llegar a las "
                "pruebas. ¿Hay un bucle sin salida fuera de la función %s?%s"
                % (segundos(limite), funcion, donde_se_acabo(fallo, fuente)),
                "tu código no termina al ejecutarse")
    cabeza = "Tu código lanza %s al ejecutarse, antes de las pruebas" % fallo["tipo"]
    partes = [con_mensaje(cabeza, fallo)] + lineas_del_alumno(fallo["marcos"], fuente)
    pista = pista_de_excepcion(fallo, funcion)
    if pista:
        partes.append(pista)
    linea = fallo["marcos"][-1][0] if fallo["marcos"] else None
    corto = "tu código lanza %s%s" % (fallo["tipo"], " en la línea %s" % linea if linea else "")
    return "\n".join(partes), corto
