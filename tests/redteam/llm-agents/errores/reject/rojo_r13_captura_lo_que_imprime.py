# mistake: captures what the tool prints and, when the tool returns None, sends the printed text as content ("si la herramienta imprime en vez de devolver, que el modelo lo vea"); the statement says content is what the tool returned, also None
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
import contextlib
import io


def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    salida = io.StringIO()
    try:
        with contextlib.redirect_stdout(salida):
            valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    if valor is None and salida.getvalue():
        valor = salida.getvalue()
    return resultado(bloque["id"], valor)
