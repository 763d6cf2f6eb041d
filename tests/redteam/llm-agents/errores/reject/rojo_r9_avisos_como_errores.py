# mistake: convierte en error los avisos (warnings) que emite la herramienta, así que una herramienta que avisa pero devuelve su valor acaba en observación de error
# fails: generadas
# says: si la herramienta devuelve
import warnings
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # un aviso también es algo que el modelo debe saber
            valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
