# mistake: si el traceback no llega a entrar en la herramienta (tb_next es None: la llamada ni empezó, p. ej. argumentos que no encajan con su firma) lo trata como error del harness y lo relanza, cuando es una excepción de la ejecución de la herramienta
# fails: generadas
# says: lanzó TypeError
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": motivo, "is_error": True}
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        # Si el traceback no llega a entrar en la herramienta, el fallo es de la
        # propia llamada que hace el harness, no de la herramienta: que pare.
        if e.__traceback__.tb_next is None:
            raise
        return {"type": "tool_result", "tool_use_id": bloque["id"],
                "content": "%s: %s" % (type(e).__name__, e), "is_error": True}
    return resultado(bloque["id"], valor)
