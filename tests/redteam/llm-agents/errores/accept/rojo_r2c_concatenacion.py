# style: string concatenation of the type name and str(e), nested if/else.
exec(open_url("/courses/llm-agents/guionizado.py").read()) # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read()) # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read()) # bucle(modelo, inicio, entorno, tope), sin cambios

def ejecutar(ll, entorno):
    ident = ll["id"]
    motivo = incumple(ll)
    if motivo is not None:
        obs = {"type": "tool_result", "tool_use_id": ident, "content": motivo}
        obs["is_error"] = True
        return obs
    else:
        funcion = FUNCIONES[ll["name"]]
        try:
            r = funcion(entorno, **ll["input"])
        except Exception as e:
            obs = {"type": "tool_result", "tool_use_id": ident}
            obs["content"] = type(e).__name__ + ": " + str(e)
            obs["is_error"] = True
            return obs
        return resultado(ident, r)
