# mistake: cuando la herramienta no existe, añade al motivo de `incumple` una sugerencia con el nombre más parecido, así que el content ya no es el motivo tal cual
# fails: generadas
# says: si incumple(bloque) da un motivo
import difflib
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        nombre = bloque.get("name")
        if isinstance(nombre, str) and nombre not in FUNCIONES:
            # una pista para que el modelo corrija la errata
            parecidos = difflib.get_close_matches(nombre, list(FUNCIONES), n=1)
            if parecidos:
                motivo = "%s (¿quisiste decir %r?)" % (motivo, parecidos[0])
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    funcion = FUNCIONES[bloque["name"]]
    try:
        valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
