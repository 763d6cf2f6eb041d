# mistake: SystemExit raised by the tool is also caught and returned as an error observation instead of leaving ejecutar unchanged.
# fails: generadas
# says: lo que no es una Exception (KeyboardInterrupt,

exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        salida = funcion(entorno, **ll["input"])
    except (Exception, SystemExit) as e:  # una herramienta que llama a sys.exit no debe tumbar al agente
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(ll["id"], salida)
