# El bucle es una corrutina; bucle la ejecuta con asyncio.run (en CPython).
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import asyncio
import sys

async def turno(modelo, M, entorno):
    r = modelo(M, HERRAMIENTAS)
    M.append(("asistente", r))
    llamadas = [b for b in r if b["type"] == "tool_use"]
    if llamadas:
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
        return None
    return " ".join(b["text"] for b in r if b["type"] == "text")

async def conversacion(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        texto = await turno(modelo, M, entorno)
        if texto is not None:
            return "fin", texto, M
    return "tope", None, M

def a_mano(corrutina):  # sin mutantes: sólo corre en Pyodide
    # Sin nada que esperar, la corrutina acaba en su primer paso.
    try:
        corrutina.send(None)
    except StopIteration as fin:
        return fin.value
    raise RuntimeError("la corrutina se ha quedado esperando")

def bucle(modelo, inicio, entorno, tope):
    if sys.platform == "emscripten":  # sin mutantes: sólo corre en Pyodide
        # En Pyodide el bucle de eventos es el del navegador, y asyncio.run no
        # bloquea hasta el final: allí la corrutina se lleva a mano.
        return a_mano(conversacion(modelo, inicio, entorno, tope))
    return asyncio.run(conversacion(modelo, inicio, entorno, tope))
