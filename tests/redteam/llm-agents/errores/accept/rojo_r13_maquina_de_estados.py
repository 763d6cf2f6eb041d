# right: a tiny state machine (validar -> ejecutar -> observar / error) driven by a while loop
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(bloque, entorno):
    estado, dato = "validar", None
    while True:
        if estado == "validar":
            dato = incumple(bloque)
            estado = "ejecutar" if dato is None else "error"
        elif estado == "ejecutar":
            funcion = FUNCIONES[bloque["name"]]
            try:
                dato = funcion(entorno, **bloque["input"])
                estado = "observar"
            except Exception as e:
                dato, estado = "%s: %s" % (type(e).__name__, e), "error"
        elif estado == "observar":
            return resultado(bloque["id"], dato)
        else:  # "error"
            return {"type": "tool_result", "tool_use_id": bloque["id"],
                    "content": dato, "is_error": True}
