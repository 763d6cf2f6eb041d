# mistake: when leer fails with KeyError because the path is really a folder, it "helpfully" answers with that folder's listing instead of the error; the statement (and the lesson: the harness cannot guess what the model wanted) says a tool's exception becomes "Tipo: mensaje" with is_error
# fails: conversacion
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        if isinstance(e, KeyError) and bloque["name"] == "leer":
            # ¿ha pedido leer una carpeta? entonces le damos lo que hay dentro
            dentro = FUNCIONES["listar"](entorno, bloque["input"]["ruta"])
            if dentro:
                return resultado(bloque["id"], dentro)
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
