# style: try/except/else with dict(...) keyword construction for the error block
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return dict(type="tool_result", tool_use_id=ll["id"], content=motivo, is_error=True)
    herramienta = FUNCIONES[ll["name"]]
    try:
        devuelto = herramienta(entorno, **ll["input"])
    except Exception as problema:
        return dict(type="tool_result", tool_use_id=ll["id"],
                    content="%s: %s" % (type(problema).__name__, problema), is_error=True)
    else:
        return resultado(ll["id"], devuelto)
