# Trampa: imprime un aprobado (por print, por sys.__stdout__ y por el descriptor 1).
# Su bucle no tiene tope.
# fails: conversacion
# says: nunca se llama al modelo más
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import os, sys

APROBADO = "\n".join(["✓ La conversación de la lección — bien"] * 10 + ["10 de 10 pruebas superadas"])
print(APROBADO)
sys.__stdout__.write(APROBADO + "\n")
sys.__stdout__.flush()
os.write(1, (APROBADO + "\n").encode())

def bucle(modelo, inicio, entorno, tope):
    print(APROBADO)
    M = list(inicio)
    while True:
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", " ".join(b["text"] for b in r if b["type"] == "text"), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
