# right: the "Tipo: mensaje" text built with a module-level string.Template
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios
from string import Template

TIPO_Y_MENSAJE = Template("$tipo: $mensaje")


def bloque_de_error(id, contenido):
    return {"type": "tool_result", "tool_use_id": id, "content": contenido, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return bloque_de_error(bloque["id"], motivo)
    herramienta = FUNCIONES[bloque["name"]]
    try:
        valor = herramienta(entorno, **bloque["input"])
    except Exception as excepcion:
        texto = TIPO_Y_MENSAJE.substitute(tipo=type(excepcion).__name__, mensaje=excepcion)
        return bloque_de_error(bloque["id"], texto)
    return resultado(bloque["id"], valor)
