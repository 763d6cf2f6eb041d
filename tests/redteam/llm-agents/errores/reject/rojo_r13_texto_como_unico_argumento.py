# mistake: when input is a text and the tool has a single argument, it "helpfully" wraps the text as that argument before asking incumple, so the model's malformed call runs; the statement says nothing in input is looked at before incumple, which gives the motive for such a call
# fails: generadas
# says: si incumple(bloque) da
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def arregla_texto(bloque):
    """listar("recetas/") en vez de listar(carpeta="recetas/"): lo que quería está claro."""
    if not isinstance(bloque.get("input"), str):
        return bloque
    herramienta = next((h for h in HERRAMIENTAS if h["name"] == bloque.get("name")), None)
    if herramienta is None or len(herramienta["input_schema"]["required"]) != 1:
        return bloque
    nombre = herramienta["input_schema"]["required"][0]
    return dict(bloque, input={nombre: bloque["input"]})  # copia: la llamada no se toca


def ejecutar(bloque, entorno):
    bloque = arregla_texto(bloque)
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return fallo(bloque["id"], "%s: %s" % (type(e).__name__, e))
    return resultado(bloque["id"], valor)
