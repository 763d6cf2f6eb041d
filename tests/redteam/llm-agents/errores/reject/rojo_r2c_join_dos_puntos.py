# mistake: copies id, name and input from ll into locals before asking incumple: a block without name (only type and id always come) raises KeyError instead of getting incumple's reason.
# fails: generadas
# says: lanzó KeyError: 'name'
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    ident, nombre, entrada = ll["id"], ll["name"], ll["input"]
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ident, "content": motivo, "is_error": True}
    funcion = FUNCIONES[nombre]
    try:
        salida = funcion(entorno, **entrada)
    except Exception as problema:
        texto = ": ".join([type(problema).__name__, str(problema)])
        return {"type": "tool_result", "tool_use_id": ident, "content": texto, "is_error": True}
    return resultado(ident, salida)
