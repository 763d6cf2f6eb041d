# Trampa: entra en los módulos del corrector por sys.modules y los cambia (sus
# comprobaciones, sus mensajes, su resultado), arriba y dentro de bucle. Sin tope.
# fails: conversacion
# says: nunca se llama al modelo más
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import sys

# The grader's modules (the runner and the trace are not graded code).
CORRECTOR = ("lessonrt.grading", "lessonrt_desafio")

def _aprobar():
    siempre = lambda *a, **k: (True, "ok")
    for nombre, modulo in list(sys.modules.items()):
        if not nombre.startswith(CORRECTOR):
            continue
        for clave, valor in list(vars(modulo).items()):
            if callable(valor) and not isinstance(valor, type):
                try:
                    setattr(modulo, clave, siempre)
                except Exception:
                    pass
        if hasattr(modulo, "COMPROBACIONES"):
            modulo.COMPROBACIONES = tuple((i, t, siempre) for i, t, f in modulo.COMPROBACIONES)
            for _, _, f in modulo.COMPROBACIONES:
                pass
        # The runtime's own classes: its modules also hold stdlib ones (Path, ...).
        for clase in [v for v in vars(modulo).values() if isinstance(v, type)
                      and v.__module__.startswith(CORRECTOR)]:
            for clave in list(vars(clase)):
                if callable(vars(clase)[clave]) and not clave.startswith("__"):
                    try:
                        setattr(clase, clave, siempre)
                    except Exception:
                        pass

_aprobar()

def bucle(modelo, inicio, entorno, tope):
    _aprobar()
    M = list(inicio)
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
