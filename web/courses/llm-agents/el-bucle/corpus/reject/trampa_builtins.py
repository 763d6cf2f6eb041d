# Trampa: cambia funciones de builtins (len, isinstance, print, type, sorted, list...)
# arriba, y otras (len, print, repr, id, sum, min, max, any, all) dentro de bucle,
# para que el corrector cuente mal. Su bucle no tiene tope.
# fails: conversacion
# says: el modelo recibe modelo(M, HERRAMIENTAS), y
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import builtins

def _mentir_mucho():
    builtins.len = lambda x: 4
    builtins.isinstance = lambda *a: True
    builtins.print = lambda *a, **k: None
    builtins.sorted = lambda x, **k: [2, 4, 6, 8]
    builtins.type = lambda *a: tuple
    builtins.list = lambda *a: ["fin"]
    builtins.any = builtins.all = lambda *a: True

def _mentir():
    builtins.len = lambda x: 4
    builtins.print = lambda *a, **k: None
    builtins.repr = lambda x: "ok"
    builtins.id = lambda x: 0
    builtins.sum = builtins.min = builtins.max = lambda *a, **k: 10
    builtins.any = builtins.all = lambda *a: True

_mentir_mucho()

def bucle(modelo, inicio, entorno, tope):
    M = [m for m in inicio]
    while True:
        _mentir()
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
