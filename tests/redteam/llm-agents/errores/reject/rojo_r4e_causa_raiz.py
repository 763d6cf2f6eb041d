# mistake: Informa de la causa original de la excepción (e.__cause__ o e.__context__) 'porque es más precisa', así que una herramienta que lanza LookupError mientras atendía un KeyError da content 'KeyError: ...' en vez del tipo y mensaje de la excepción que lanzó.
# fails: generadas
# says: si la herramienta lanza una Exception,
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())  # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # Haz que vuelva al modelo como observación, con el contrato de la lección.
    motivo = incumple(ll)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": ll["id"], "content": motivo, "is_error": True}
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        raiz = e
        while raiz.__cause__ or raiz.__context__:  # voy al error de verdad
            raiz = raiz.__cause__ or raiz.__context__
        return {"type": "tool_result", "tool_use_id": ll["id"],
                "content": "%s: %s" % (type(raiz).__name__, raiz), "is_error": True}
    return resultado(ll["id"], valor)
