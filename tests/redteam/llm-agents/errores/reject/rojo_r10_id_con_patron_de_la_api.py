# mistake: validates the call id against the API's pattern ^[a-zA-Z0-9_-]+$ and raises for anything else ("a bad id is a harness problem"), while the statement only says id is a text: any id gets its observation
# fails: generadas
# says: lanzó ValueError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import re

# El patrón que la API exige a los ids de tool_use / tool_result.
ID_VALIDO = re.compile(r"[a-zA-Z0-9_-]+")


def fallo(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    if not ID_VALIDO.fullmatch(bloque["id"]):
        # Un id que la API rechazaría es un fallo del harness, no del modelo.
        raise ValueError("id de llamada no válido: %r" % (bloque["id"],))
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
