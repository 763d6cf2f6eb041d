# En el else mira sys.exc_info() por si algo falló por el camino y lo relanza con raise: si quien llama a ejecutar lo hace desde su propio except, sale su excepción en vez de la observación.
# fails: generadas
# says: mientras atiende
import sys
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    else:
        if sys.exc_info()[1] is not None:
            raise  # un error que nadie ha atendido: que salga tal cual
        return resultado(ll["id"], valor)
