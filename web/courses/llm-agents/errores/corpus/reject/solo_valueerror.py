# Convierte en observación el ValueError del esquema, pero deja pasar lo que lanza la herramienta.
# fails: conversacion
# says: lanzó
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    try:
        motivo = incumple(ll)
        if motivo is not None:
            raise ValueError(motivo)
        return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))
    except ValueError as error:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": str(error), "is_error": True}
