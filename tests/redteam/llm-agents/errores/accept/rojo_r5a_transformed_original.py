# style: The starting code minimally transformed in place: raise replaced by a return, and the original one-line return split around a try.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios


def ejecutar(ll, entorno):
    # La de la lección anterior, con los dos cambios: el motivo vuelve al modelo
    # y lo que lanza la herramienta también, como observación de error.
    motivo = incumple(ll)
    if motivo is not None:
        return dict(type="tool_result", tool_use_id=ll["id"], content=motivo, is_error=True)
    f = FUNCIONES[ll["name"]]
    try:
        r = f(entorno, **ll["input"])
    except Exception as e:
        return dict(type="tool_result", tool_use_id=ll["id"],
                    content="%s: %s" % (type(e).__name__, e), is_error=True)
    return resultado(ll["id"], r)
