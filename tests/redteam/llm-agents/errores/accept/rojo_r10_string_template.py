# right: unusual idiom, string.Template fills the "Tipo: mensaje" text
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

from string import Template

TIPO_Y_MENSAJE = Template("$tipo: $mensaje")


def observacion_de_error(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(
            bloque["id"], TIPO_Y_MENSAJE.substitute(tipo=type(e).__name__, mensaje=str(e)))
    return resultado(bloque["id"], valor)
