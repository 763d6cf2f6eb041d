# mistake: Atrapa también SystemExit ('una herramienta que llama a sys.exit no debe matar el agente'), así que una herramienta que lanza SystemExit devuelve una observación de error en lugar de dejarla salir tal cual.
# fails: generadas
# says: lo que no es una Exception
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def fallo(id, texto_error):
    return {"type": "tool_result", "tool_use_id": id, "content": texto_error, "is_error": True}


def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except (Exception, SystemExit) as e:  # un sys.exit dentro de una herramienta tampoco debe parar el agente
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(ll["id"], valor)
