# mistake: escribe la marca como "isError" (así se llama en MCP y en los ejemplos en JavaScript) en vez de "is_error", que es el campo del tool_result del curso
# fails: conversacion
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is None:
        funcion = FUNCIONES[bloque["name"]]
        try:
            valor = funcion(entorno, **bloque["input"])
        except Exception as e:
            texto = f"{type(e).__name__}: {e}"
        else:
            return resultado(bloque["id"], valor)
    else:
        texto = motivo
    return {"type": "tool_result", "tool_use_id": bloque["id"], "content": texto, "isError": True}
