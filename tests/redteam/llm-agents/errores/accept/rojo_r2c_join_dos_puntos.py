# style: ': '.join of the type name and str(e), with local names copied from ll up front.
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
