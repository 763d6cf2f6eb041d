# mistake: Devuelve la observación desde un finally, que se traga cualquier excepción en vuelo: un KeyboardInterrupt lanzado por la herramienta no sale y ejecutar devuelve None.
# fails: generadas
# says: lo que falla fuera de la
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    observacion = None
    try:
        observacion = resultado(ll["id"], funcion(entorno, **ll["input"]))
    except Exception as e:
        observacion = {"type": "tool_result", "tool_use_id": ll["id"],
                       "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    finally:
        return observacion
