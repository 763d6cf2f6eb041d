# mistake: captura con redirect_stdout lo que la herramienta imprime y lo pone delante del valor en content, pensando que al modelo le sirve, cuando la observación debe ser resultado(id, valor) con lo que devolvió, sin añadir nada
# fails: generadas
# says: si la herramienta devuelve
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

import contextlib
import io


def observacion_de_error(id, texto):
    return {"type": "tool_result", "tool_use_id": id, "content": texto, "is_error": True}


def ejecutar(bloque, entorno):
    motivo = incumple(bloque)
    if motivo is not None:
        return observacion_de_error(bloque["id"], motivo)
    funcion = FUNCIONES[bloque["name"]]
    salida = io.StringIO()
    try:
        with contextlib.redirect_stdout(salida):
            valor = funcion(entorno, **bloque["input"])
    except Exception as e:
        return observacion_de_error(bloque["id"], "%s: %s" % (type(e).__name__, e))
    impreso = salida.getvalue()
    if impreso:
        # lo que la herramienta escribe en pantalla también es información
        valor = impreso + str(valor)
    return resultado(bloque["id"], valor)
